/**
 * products/solar-wind/mag-*.json, or json/rtsw/rtsw_mag_1m.json (ACE and DSCOVR interleaved,
 * newest first, `active` flag) → 'solar-wind-mag': bx, by, bz, bt (nT, GSM), lon, lat (degrees).
 * Bz null stays null: 0 would read as "calm".
 */
import { ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import {
  latestAcross,
  readSpacecraftSeries,
  timeRange,
  type FieldSpec,
} from './spacecraftSeries.ts';
import { iso } from './series.ts';

const B: readonly [number, number] = [-10_000, 10_000];

const MAG_FIELDS: readonly FieldSpec[] = [
  { name: 'bx', columns: ['bx_gsm'], range: B },
  { name: 'by', columns: ['by_gsm'], range: B },
  { name: 'bz', columns: ['bz_gsm'], range: B },
  { name: 'bt', columns: ['bt'], range: [0, 10_000] },
  { name: 'lon', columns: ['lon_gsm', 'phi_gsm'], range: [0, 360] },
  { name: 'lat', columns: ['lat_gsm', 'theta_gsm'], range: [-90, 90] },
];

export function normaliseMagneticField(body: string, opts: NormaliseOptions): NormaliseResult {
  const read = readSpacecraftSeries(body, 'solar-wind-mag', MAG_FIELDS, opts.now);
  const range = timeRange(read.batches);
  const bz = latestAcross(read.batches, 'bz');
  const bt = latestAcross(read.batches, 'bt');
  let minBz: number | null = null;
  for (const b of read.batches)
    for (const v of b.fields.bz ?? []) if (v !== null && (minBz === null || v < minBz)) minBz = v;
  return ok({
    series: read.batches,
    dataTime: range.to,
    schemaDrift: read.drift,
    summary: {
      records: range.records,
      from: iso(range.from),
      to: iso(range.to),
      latestBz: bz?.value ?? null,
      latestBzTime: iso(bz?.t ?? null),
      latestBt: bt?.value ?? null,
      minBz,
      spacecraft: bz?.source ?? bt?.source ?? null,
      spacecraftList: read.batches.map((b) => b.source),
      emptyRows: read.emptyRows,
      skippedRows: read.skippedRows,
      inactiveRows: read.inactiveRows,
      futureRows: read.futureRows,
      fillValues: read.fillValues,
      dataAgeMs: opts.now - range.to,
    },
  });
}
