import { describe, expect, it } from 'vitest';
import { readGrib2 } from '../../../../../../supabase/functions/weather/gfs/grib2.ts';
import {
  BAND_COLS,
  fieldToBandCells,
  pickLayer,
} from '../../../../../../supabase/functions/weather/gfs/cloudFields.ts';
import {
  concatGrib2,
  encodeGrib2,
  type EncodeField,
} from '../../../../../fixtures/gfs/grib2Encode.ts';

const RUN = Date.parse('2027-01-15T06:00:00Z');
const GRID = { ni: 8, nj: 5, lat1: 70, lon1: 350, dLat: -0.25, dLon: 0.25 };
const VALUES = Array.from({ length: 40 }, (_, i) => Math.round(50 + 45 * Math.sin(i * 0.7)));

function field(overrides: Partial<EncodeField> = {}): EncodeField {
  return {
    referenceTime: RUN,
    forecastHours: 7,
    category: 6,
    parameter: 1,
    levelType: 10,
    grid: GRID,
    values: VALUES,
    packing: 'complex-spatial',
    ...overrides,
  };
}

describe('GRIB2 reader', () => {
  it.each(['simple', 'complex-spatial'] as const)(
    'reads back a field packed %s, with its run, valid time, level and grid',
    (packing) => {
      const r = readGrib2(encodeGrib2(field({ packing })));
      if (!r.ok) throw new Error(r.error);
      const [f] = r.fields;
      expect(f!.referenceTime).toBe(RUN);
      expect(f!.validTime).toBe(RUN + 7 * 3_600_000);
      expect([f!.category, f!.parameter, f!.levelType, f!.productTemplate]).toEqual([6, 1, 10, 0]);
      expect(f!.grid).toEqual(GRID);
      expect([...f!.values]).toEqual(VALUES);
    },
  );

  it('reads the messages of a file one after another, and missing points from a bit-map as NaN', () => {
    const withGaps = VALUES.map((v, i) => (i % 9 === 0 ? null : v));
    const r = readGrib2(
      concatGrib2([
        encodeGrib2(field()),
        encodeGrib2(field({ parameter: 3, levelType: 214, values: withGaps })),
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.fields).toHaveLength(2);
    const gaps = [...r.fields[1]!.values];
    expect(gaps.map((v) => (Number.isNaN(v) ? null : v))).toEqual(withGaps);
  });

  it('refuses what is not a whole GRIB2 message, with the reason', () => {
    const good = encodeGrib2(field());
    expect(readGrib2(new TextEncoder().encode('<html>Not found</html>'))).toEqual({
      ok: false,
      error: 'not GRIB (no "GRIB" at the start)',
    });
    expect(readGrib2(good.subarray(0, good.length - 10))).toEqual({
      ok: false,
      error: 'message truncated',
    });
    const lambert = good.slice();
    // The grid template number (section 3 octets 13–14) changed to 3.30, Lambert conformal.
    lambert[16 + 21 + 13] = 30;
    expect(readGrib2(lambert)).toMatchObject({
      ok: false,
      error: expect.stringContaining('grid template 3.30'),
    });
  });

  it('takes each cloud deck’s instantaneous field over an average, and averages 0.25° points into 0.5° cells', () => {
    const r = readGrib2(
      concatGrib2([
        encodeGrib2(field({ parameter: 1, levelType: 214, values: VALUES.map(() => 10) })),
        encodeGrib2(field({ parameter: 3, levelType: 214 })),
      ]),
    );
    if (!r.ok) throw new Error(r.error);
    const low = pickLayer(r.fields, 'low')!;
    expect(low.parameter).toBe(3);
    expect(pickLayer(r.fields, 'high')).toBeNull();
    // Band 5 (60–90° N): the cell [69.5, 70) × [−10, −9.5) holds the points at 69.5/69.75 and −10/−9.75.
    const cells = fieldToBandCells(low, 5);
    const row = (69.5 - 60) / 0.5;
    const col = (-10 + 180) / 0.5;
    const points = [VALUES[8]!, VALUES[9]!, VALUES[16]!, VALUES[17]!];
    expect(cells[row * BAND_COLS + col]).toBe(Math.round(points.reduce((a, b) => a + b) / 4));
  });
});
