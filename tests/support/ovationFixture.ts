/**
 * Reads the constructed OVATION frame (tests/fixtures/swpc/ovation.ts: the active night of
 * 2024-03-03 15:07 UTC, not agency data) into the GridSnapshot layout of core/model.ts
 * (row 0 = lat +90, column 0 = lon −180), independently of the poller's normaliser so the map's
 * tests do not depend on another feature's code.
 */
import type { GridSnapshot } from '../../core/model.ts';
import { constructed } from './constructedSwpc.ts';

const body = () => constructed('ovation_aurora_latest.json');

export function loadOvationFixture(): GridSnapshot {
  const raw = JSON.parse(body()) as {
    'Observation Time': string;
    'Forecast Time': string;
    coordinates: [number, number, number][];
  };
  const values = new Uint8Array(360 * 181);
  for (const [lonEast, lat, aurora] of raw.coordinates) {
    const lon = lonEast >= 180 ? lonEast - 360 : lonEast;
    values[(90 - lat) * 360 + (lon + 180)] = aurora;
  }
  return {
    observationTime: Date.parse(raw['Observation Time']),
    forecastTime: Date.parse(raw['Forecast Time']),
    width: 360,
    height: 181,
    values,
  };
}

/** The fixture's own triple for a point, read straight from the file, for cross-checks. */
export function fixtureTriple(lonEast: number, lat: number): number {
  const raw = JSON.parse(body()) as {
    coordinates: [number, number, number][];
  };
  const triple = raw.coordinates[lonEast * 181 + (lat + 90)];
  if (!triple || triple[0] !== lonEast || triple[1] !== lat)
    throw new Error('fixture order changed');
  return triple[2];
}
