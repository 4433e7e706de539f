/**
 * A GRIB edition 2 reader for what the cloud layer needs of NOAA's GFS: regular lat/lon grids
 * (grid definition template 3.0), analysis or forecast products at a level (product templates 4.0,
 * and 4.8 for averages, which callers skip), and grid-point data packed simply (data
 * representation template 5.0) or with complex packing, with or without spatial differencing (5.2,
 * 5.3: what GFS's pgrb2 files use), with or without a bit-map. Pure: bytes in, fields out, never
 * throws; anything else is refused with the reason.
 *
 * The format: WMO Manual on Codes (WMO-No. 306) Vol. I.2, FM 92 GRIB edition 2, the section and
 * template tables as NCEP publishes them (www.nco.ncep.noaa.gov/pmb/docs/grib2/grib2_doc/); the
 * unpacking of templates 5.2/5.3 follows Regulation 92.9.4 and NCEP's g2clib (comunpack.c).
 */

interface Grib2Grid {
  /** Points along a parallel and along a meridian. */
  ni: number;
  nj: number;
  /** First point (degrees); longitudes as coded (0–360 for GFS). */
  lat1: number;
  lon1: number;
  /** Step between points (degrees): signed, in the order the values come. */
  dLat: number;
  dLon: number;
}

export interface Grib2Field {
  discipline: number;
  category: number;
  parameter: number;
  /** Product definition template: 0 = at a point in time, 8 = average/accumulation over an interval. */
  productTemplate: number;
  /** Type of the first fixed surface (code table 4.5: 10 entire atmosphere, 214/224/234 low/middle/high cloud layer). */
  levelType: number;
  /** The model run (section 1 reference time), epoch ms. */
  referenceTime: number;
  /** The time the field is valid for, epoch ms (for template 4.8, the interval's end). */
  validTime: number;
  grid: Grib2Grid;
  /** Row after row (ni values each) in the order of `grid`; NaN where the bit-map says missing. */
  values: Float32Array;
}

export type Grib2Result = { ok: true; fields: Grib2Field[] } | { ok: false; error: string };

const HOUR = 3_600_000;
/** Code table 4.4: indicator of unit of time range → ms. */
const TIME_UNIT_MS: Record<number, number> = {
  0: 60_000,
  1: HOUR,
  2: 24 * HOUR,
  10: 3 * HOUR,
  11: 6 * HOUR,
  12: 12 * HOUR,
  13: 1_000,
};

class Refused extends Error {}

/** GRIB2's signed integers are sign and magnitude: the top bit is the sign. */
function signed(value: number, bits: number): number {
  const top = 2 ** (bits - 1);
  return value >= top ? -(value - top) : value;
}

class Bits {
  private bit = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private byte: number,
  ) {}

  read(n: number): number {
    let v = 0;
    while (n > 0) {
      if (this.byte >= this.bytes.length) throw new Refused('data section ends early');
      const avail = 8 - this.bit;
      const take = Math.min(avail, n);
      const bits = (this.bytes[this.byte]! >> (avail - take)) & ((1 << take) - 1);
      v = v * (1 << take) + bits;
      n -= take;
      this.bit += take;
      if (this.bit === 8) {
        this.bit = 0;
        this.byte++;
      }
    }
    return v;
  }

  /** To the next octet boundary, as the packed sequences are each padded. */
  align(): void {
    if (this.bit !== 0) {
      this.bit = 0;
      this.byte++;
    }
  }
}

interface Sections {
  discipline: number;
  referenceTime: number;
  grid?: Grib2Grid;
  points?: number;
  product?: {
    template: number;
    category: number;
    parameter: number;
    levelType: number;
    validTime: number;
  };
  /** Section 5's start and section 7's data (its sixth octet). */
  representation?: { section: number; dataAt: number };
  bitmap?: Uint8Array | null;
}

function readGrid(view: DataView, at: number): Grib2Grid {
  const template = view.getUint16(at + 12);
  if (template !== 0)
    throw new Refused(`grid template 3.${template} (only 3.0, a regular lat/lon grid, is read)`);
  const ni = view.getUint32(at + 30);
  const nj = view.getUint32(at + 34);
  const basicAngle = view.getUint32(at + 38);
  const subdivisions = view.getUint32(at + 42);
  const unit =
    basicAngle === 0 || basicAngle === 0xffffffff
      ? 1e-6
      : basicAngle / (subdivisions === 0 || subdivisions === 0xffffffff ? 1e6 : subdivisions);
  const lat1 = signed(view.getUint32(at + 46), 32) * unit;
  const lon1 = signed(view.getUint32(at + 50), 32) * unit;
  const di = view.getUint32(at + 63) * unit;
  const dj = view.getUint32(at + 67) * unit;
  const scan = view.getUint8(at + 71);
  if ((scan & 0xb0) !== 0)
    throw new Refused(`scanning mode ${scan} (only west to east, row by row, is read)`);
  return { ni, nj, lat1, lon1, dLon: di, dLat: scan & 0x40 ? dj : -dj };
}

function readProduct(view: DataView, at: number, referenceTime: number): Sections['product'] {
  const template = view.getUint16(at + 7);
  if (template !== 0 && template !== 8)
    throw new Refused(`product template 4.${template} (only 4.0 and 4.8 are read)`);
  const category = view.getUint8(at + 9);
  const parameter = view.getUint8(at + 10);
  const unit = TIME_UNIT_MS[view.getUint8(at + 17)];
  if (unit === undefined) throw new Refused(`time unit ${view.getUint8(at + 17)}`);
  const forecast = view.getUint32(at + 18) * unit;
  const levelType = view.getUint8(at + 22);
  let validTime = referenceTime + forecast;
  if (template === 8) {
    validTime = Date.UTC(
      view.getUint16(at + 34),
      view.getUint8(at + 36) - 1,
      view.getUint8(at + 37),
      view.getUint8(at + 38),
      view.getUint8(at + 39),
      view.getUint8(at + 40),
    );
  }
  return { template, category, parameter, levelType, validTime };
}

/** Simple packing (5.0 / 7.0). */
function unpackSimple(view: DataView, at: number, bytes: Uint8Array, dataAt: number, n: number) {
  const r = view.getFloat32(at + 11);
  const e = signed(view.getUint16(at + 15), 16);
  const d = signed(view.getUint16(at + 17), 16);
  const nbits = view.getUint8(at + 19);
  const out = new Float64Array(n);
  const bits = new Bits(bytes, dataAt);
  const eScale = 2 ** e;
  const dScale = 10 ** -d;
  for (let i = 0; i < n; i++) out[i] = (r + bits.read(nbits) * eScale) * dScale;
  return { values: out, missing: null as Uint8Array | null };
}

/** Complex packing (5.2 / 7.2) and with spatial differencing (5.3 / 7.3), after g2clib's comunpack. */
function unpackComplex(
  view: DataView,
  at: number,
  bytes: Uint8Array,
  dataAt: number,
  n: number,
  spatial: boolean,
) {
  const r = view.getFloat32(at + 11);
  const e = signed(view.getUint16(at + 15), 16);
  const d = signed(view.getUint16(at + 17), 16);
  const nbits = view.getUint8(at + 19);
  const mvm = view.getUint8(at + 22);
  const ng = view.getUint32(at + 31);
  const widthRef = view.getUint8(at + 35);
  const widthBits = view.getUint8(at + 36);
  const lengthRef = view.getUint32(at + 37);
  const lengthInc = view.getUint8(at + 41);
  const lastLength = view.getUint32(at + 42);
  const lengthBits = view.getUint8(at + 46);
  const order = spatial ? view.getUint8(at + 47) : 0;
  const extraOctets = spatial ? view.getUint8(at + 48) : 0;
  if (mvm > 2) throw new Refused(`missing value management ${mvm}`);
  if (order > 2) throw new Refused(`spatial differencing of order ${order}`);
  const bits = new Bits(bytes, dataAt);
  let first1 = 0;
  let first2 = 0;
  let minimum = 0;
  if (order > 0) {
    const readSigned = () => {
      const sign = bits.read(1);
      const magnitude = bits.read(extraOctets * 8 - 1);
      return sign ? -magnitude : magnitude;
    };
    first1 = readSigned();
    if (order === 2) first2 = readSigned();
    minimum = readSigned();
  }
  const refs = new Float64Array(ng);
  for (let g = 0; g < ng; g++) refs[g] = bits.read(nbits);
  bits.align();
  const widths = new Uint8Array(ng);
  for (let g = 0; g < ng; g++) widths[g] = bits.read(widthBits) + widthRef;
  bits.align();
  const lengths = new Uint32Array(ng);
  for (let g = 0; g < ng; g++) lengths[g] = bits.read(lengthBits) * lengthInc + lengthRef;
  bits.align();
  if (ng > 0) lengths[ng - 1] = lastLength;
  let total = 0;
  for (let g = 0; g < ng; g++) total += lengths[g]!;
  if (total !== n) throw new Refused(`groups hold ${total} values, the section says ${n}`);

  const raw = new Float64Array(n);
  const missing = mvm > 0 ? new Uint8Array(n) : null;
  const allOnes = (w: number) => 2 ** w - 1;
  let k = 0;
  for (let g = 0; g < ng; g++) {
    const w = widths[g]!;
    const ref = refs[g]!;
    for (let j = 0; j < lengths[g]!; j++, k++) {
      const x2 = bits.read(w);
      if (missing) {
        // Regulation 92.9.4 note: missing values are all ones in the group's width, or, in a
        // group of width 0, a reference of all ones (the secondary one less, with mvm 2).
        const isPrimary = w > 0 ? x2 === allOnes(w) : ref === allOnes(nbits);
        const isSecondary =
          mvm === 2 && (w > 0 ? x2 === allOnes(w) - 1 : ref === allOnes(nbits) - 1);
        if (isPrimary || isSecondary) {
          missing[k] = 1;
          continue;
        }
      }
      raw[k] = ref + x2;
    }
  }
  if (order > 0) {
    // Spatial differencing runs over the values that are present, in order.
    let seen = 0;
    let prev1 = 0;
    let prev2 = 0;
    for (let i = 0; i < n; i++) {
      if (missing?.[i]) continue;
      let v: number;
      if (seen === 0) v = first1;
      else if (order === 2 && seen === 1) v = first2;
      else if (order === 1) v = raw[i]! + minimum + prev1;
      else v = raw[i]! + minimum + 2 * prev1 - prev2;
      raw[i] = v;
      prev2 = prev1;
      prev1 = v;
      seen++;
    }
  }
  const eScale = 2 ** e;
  const dScale = 10 ** -d;
  for (let i = 0; i < n; i++) raw[i] = (r + raw[i]! * eScale) * dScale;
  return { values: raw, missing };
}

function readField(s: Sections, view: DataView, bytes: Uint8Array): Grib2Field {
  const { grid, product, representation: rep } = s;
  if (!grid || !product || !rep)
    throw new Refused('a data section before its grid, product or representation');
  const points = grid.ni * grid.nj;
  const n = view.getUint32(rep.section + 5);
  const template = view.getUint16(rep.section + 9);
  let unpacked: { values: Float64Array; missing: Uint8Array | null };
  if (template === 0) unpacked = unpackSimple(view, rep.section, bytes, rep.dataAt, n);
  else if (template === 2 || template === 3)
    unpacked = unpackComplex(view, rep.section, bytes, rep.dataAt, n, template === 3);
  else throw new Refused(`data representation template 5.${template} (5.0, 5.2 and 5.3 are read)`);
  const values = new Float32Array(points).fill(Number.NaN);
  const bitmap = s.bitmap ?? null;
  let k = 0;
  for (let i = 0; i < points; i++) {
    if (bitmap && !((bitmap[i >> 3]! >> (7 - (i & 7))) & 1)) continue;
    if (k >= n) throw new Refused('fewer packed values than the bit-map shows');
    if (!unpacked.missing?.[k]) values[i] = unpacked.values[k]!;
    k++;
  }
  if (!bitmap && n !== points)
    throw new Refused(`${n} packed values for a grid of ${points} points and no bit-map`);
  return {
    discipline: s.discipline,
    category: product.category,
    parameter: product.parameter,
    productTemplate: product.template,
    levelType: product.levelType,
    referenceTime: s.referenceTime,
    validTime: product.validTime,
    grid,
    values,
  };
}

/** Every field of every GRIB2 message in `bytes` (messages may follow one another, as in a file). */
export function readGrib2(bytes: Uint8Array): Grib2Result {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fields: Grib2Field[] = [];
  let at = 0;
  try {
    if (bytes.length < 16 || view.getUint32(0) !== 0x47524942)
      throw new Refused('not GRIB (no "GRIB" at the start)');
    while (at + 16 <= bytes.length) {
      if (view.getUint32(at) !== 0x47524942) throw new Refused(`no message at byte ${at}`);
      if (view.getUint8(at + 7) !== 2) throw new Refused(`GRIB edition ${view.getUint8(at + 7)}`);
      const length = Number(view.getBigUint64(at + 8));
      const end = at + length;
      if (length < 16 + 4 || end > bytes.length) throw new Refused('message truncated');
      if (view.getUint32(end - 4) !== 0x37373737) throw new Refused('message does not end in 7777');
      const s: Sections = { discipline: view.getUint8(at + 6), referenceTime: 0 };
      let p = at + 16;
      while (p < end - 4) {
        const len = view.getUint32(p);
        const num = view.getUint8(p + 4);
        if (len < 5 || p + len > end - 4) throw new Refused(`section ${num} overruns its message`);
        if (num === 1) {
          s.referenceTime = Date.UTC(
            view.getUint16(p + 12),
            view.getUint8(p + 14) - 1,
            view.getUint8(p + 15),
            view.getUint8(p + 16),
            view.getUint8(p + 17),
            view.getUint8(p + 18),
          );
        } else if (num === 3) {
          s.grid = readGrid(view, p);
        } else if (num === 4) {
          s.product = readProduct(view, p, s.referenceTime);
        } else if (num === 5) {
          s.representation = { section: p, dataAt: 0 };
        } else if (num === 6) {
          const indicator = view.getUint8(p + 5);
          if (indicator === 0) s.bitmap = bytes.subarray(p + 6, p + len);
          else if (indicator === 255) s.bitmap = null;
          else if (indicator !== 254) throw new Refused(`bit-map indicator ${indicator}`);
        } else if (num === 7) {
          if (!s.representation) throw new Refused('data before its representation');
          s.representation.dataAt = p + 5;
          fields.push(readField(s, view, bytes));
        } else if (num !== 2) {
          throw new Refused(`unknown section ${num}`);
        }
        p += len;
      }
      at = end;
    }
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.message };
    return { ok: false, error: `unreadable: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (fields.length === 0) return { ok: false, error: 'no fields' };
  return { ok: true, fields };
}
