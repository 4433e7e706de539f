/**
 * products/solar-wind/plasma-*.json (and the rtsw_wind_1m object form) → 'solar-wind-plasma':
 * density (cm⁻³), speed (km/s), temperature (K). Partial and all-null rows are common upstream;
 * missing stays null. The ranges only drop physically impossible values: a 107 cm⁻³ density
 * spike is real data and is kept.
 */
import { ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import {
  latestAcross,
  readSpacecraftSeries,
  timeRange,
  type FieldSpec,
} from './spacecraftSeries.ts';
import { iso } from './series.ts';

const PLASMA_FIELDS: readonly FieldSpec[] = [
  { name: 'speed', columns: ['speed', 'proton_speed'], range: [0, 5000] },
  { name: 'density', columns: ['density', 'proton_density'], range: [0, 1000] },
  { name: 'temperature', columns: ['temperature', 'proton_temperature'], range: [0, 1e8] },
];

export function normaliseSolarWind(body: string, opts: NormaliseOptions): NormaliseResult {
  const read = readSpacecraftSeries(body, 'solar-wind-plasma', PLASMA_FIELDS, opts.now);
  const range = timeRange(read.batches);
  const speed = latestAcross(read.batches, 'speed');
  const density = latestAcross(read.batches, 'density');
  return ok({
    series: read.batches,
    dataTime: range.to,
    schemaDrift: read.drift,
    summary: {
      records: range.records,
      from: iso(range.from),
      to: iso(range.to),
      latestSpeed: speed?.value ?? null,
      latestSpeedTime: iso(speed?.t ?? null),
      latestDensity: density?.value ?? null,
      latestDensityTime: iso(density?.t ?? null),
      spacecraft: speed?.source ?? density?.source ?? null,
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
