import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Test helper, not app code: the real OVATION file (tests/fixtures/noaa) decoded into the app's
 * 360×181 byte layout (row 0 = lat +90, col 0 = lon −180), as the worker stores it.
 */
export function loadOvationFixture(): {
  observationTime: number;
  forecastTime: number;
  values: Uint8Array;
} {
  const path = fileURLToPath(
    new URL('../fixtures/noaa/ovation_aurora_latest.json', import.meta.url),
  );
  const raw = JSON.parse(readFileSync(path, 'utf8')) as {
    'Observation Time': string;
    'Forecast Time': string;
    coordinates: [number, number, number][];
  };
  const values = new Uint8Array(360 * 181);
  for (const [lon, lat, aurora] of raw.coordinates) {
    const col = (lon >= 180 ? lon - 360 : lon) + 180;
    values[(90 - lat) * 360 + col] = aurora;
  }
  return {
    observationTime: Date.parse(raw['Observation Time']),
    forecastTime: Date.parse(raw['Forecast Time']),
    values,
  };
}
