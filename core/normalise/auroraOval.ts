/**
 * json/ovation_aurora_latest.json → one GridSnapshot. Upstream: 65,160 `[lon, lat, aurora]`
 * triples, lon 0–359 east, lat −90…90, longitude-major. Ours: 360×181 row-major, row 0 = lat +90,
 * column 0 = lon −180. Every triple is placed by its own lon/lat, never by position, so one bad
 * triple can never shift the cells after it; and one bad triple rejects the snapshot (the last
 * good one stays) rather than showing a hole that looks like "no aurora".
 */
import type { GridSnapshot } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { describeType, isRecord, parseJsonBody } from './parseBody.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { iso } from './series.ts';
import { LEAD_MS, refuseBeyondLead } from './leadTime.ts';

import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH, gridIndex } from '../grid/grid.ts';

const KNOWN_KEYS = new Set([
  'Observation Time',
  'Forecast Time',
  'Data Format',
  'coordinates',
  'type',
]);

function cell(triple: unknown, i: number): [number, number, number] {
  if (!Array.isArray(triple) || triple.length !== 3) {
    throw new NormaliseError(
      `malformed triple at index ${i} (${JSON.stringify(triple)?.slice(0, 40) ?? 'undefined'}; expected [lon, lat, aurora])`,
    );
  }
  const [lon, lat, value] = triple as unknown[];
  if (typeof lon !== 'number' || !Number.isInteger(lon) || lon < 0 || lon > 359) {
    throw new NormaliseError(
      `malformed triple at index ${i}: longitude ${JSON.stringify(lon)} is not 0–359`,
    );
  }
  if (typeof lat !== 'number' || !Number.isInteger(lat) || lat < -90 || lat > 90) {
    throw new NormaliseError(
      `malformed triple at index ${i}: latitude ${JSON.stringify(lat)} is not −90…90`,
    );
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new NormaliseError(
      `malformed triple at index ${i}: aurora value ${JSON.stringify(value)} is not 0–100`,
    );
  }
  return [lon, lat, Math.round(value)];
}

export function normaliseAuroraOval(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const doc = parsed.value;
  if (!isRecord(doc))
    throw new NormaliseError(`changed shape: expected an object, got ${describeType(doc)}`);
  const observationTime = parseSwpcTime(doc['Observation Time']);
  const forecastTime = parseSwpcTime(doc['Forecast Time']);
  if (observationTime === null)
    throw new NormaliseError(
      `changed shape: "Observation Time" is missing or not a time (${JSON.stringify(doc['Observation Time'])?.slice(0, 40)})`,
    );
  if (forecastTime === null)
    throw new NormaliseError(
      `changed shape: "Forecast Time" is missing or not a time (${JSON.stringify(doc['Forecast Time'])?.slice(0, 40)})`,
    );
  refuseBeyondLead('"Observation Time"', observationTime, opts.now);
  refuseBeyondLead('"Forecast Time"', forecastTime, opts.now, LEAD_MS.ovationForecast);
  const format = doc['Data Format'];
  if (
    format !== undefined &&
    (typeof format !== 'string' ||
      format.replace(/\s/g, '').toLowerCase() !== '[longitude,latitude,aurora]')
  ) {
    throw new NormaliseError(
      `changed shape: "Data Format" is ${JSON.stringify(format)?.slice(0, 60)}, expected "[Longitude, Latitude, Aurora]"`,
    );
  }
  const coords = doc.coordinates;
  if (!Array.isArray(coords))
    throw new NormaliseError(
      `changed shape: "coordinates" is ${describeType(coords)}, expected an array`,
    );
  if (coords.length !== GRID_CELLS) {
    throw new NormaliseError(
      `expected ${GRID_CELLS.toLocaleString('en-US')} points, got ${coords.length.toLocaleString('en-US')}`,
    );
  }
  const values = new Uint8Array(GRID_CELLS);
  const filled = new Uint8Array(GRID_CELLS);
  let max = 0;
  let atLeast50 = 0;
  for (let i = 0; i < GRID_CELLS; i++) {
    const [lon, lat, value] = cell(coords[i], i);
    const idx = gridIndex(lat, lon);
    if (filled[idx])
      throw new NormaliseError(`malformed grid: point (${lon}, ${lat}) appears twice (index ${i})`);
    filled[idx] = 1;
    values[idx] = value;
    if (value > max) max = value;
    if (value >= 50) atLeast50++;
  }
  // 65,160 distinct in-range points necessarily cover all 65,160 cells.
  const drift = Object.keys(doc).some((k) => !KNOWN_KEYS.has(k)) || doc.type !== 'MultiPoint';
  const grid: GridSnapshot = {
    observationTime,
    forecastTime,
    width: GRID_WIDTH,
    height: GRID_HEIGHT,
    values,
  };
  return ok({
    grids: [grid],
    dataTime: observationTime,
    schemaDrift: drift,
    summary: {
      records: GRID_CELLS,
      observationTime: iso(observationTime),
      forecastTime: iso(forecastTime),
      leadMinutes: Math.round((forecastTime - observationTime) / 60_000),
      maxAurora: max,
      cellsAtLeast50: atLeast50,
      dataAgeMs: opts.now - observationTime,
    },
  });
}
