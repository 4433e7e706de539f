import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import { gridIndex } from '../../../../core/grid/grid.ts';
import type { GridSnapshot } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

function grid(path: string): { grid: GridSnapshot; summary: Record<string, unknown> } {
  const result = normalise('aurora-oval', recorded(path), { now: NOW });
  if (!result.ok) throw new Error(result.error);
  expect(result.grids).toHaveLength(1);
  return { grid: result.grids[0] as GridSnapshot, summary: result.summary };
}

/** The upstream value at (lon 0–359 east, lat), read straight from the file. */
function upstreamValue(path: string, lon: number, lat: number): number {
  const doc = JSON.parse(recorded(path)) as { coordinates: [number, number, number][] };
  const triple = doc.coordinates[lon * 181 + (lat + 90)] as [number, number, number];
  expect(triple.slice(0, 2)).toEqual([lon, lat]);
  return triple[2];
}

describe.skipIf(SKIP)('OVATION aurora oval', { timeout: 60_000 }, () => {
  it('turns the active-night file into a 360×181 grid with its observation and forecast times', () => {
    const { grid: g, summary } = grid('ovation_aurora_latest.json');
    expect(g.width).toBe(360);
    expect(g.height).toBe(181);
    expect(g.values).toHaveLength(65_160);
    expect(g.observationTime).toBe(Date.UTC(2024, 2, 3, 15, 7));
    expect(g.forecastTime).toBe(Date.UTC(2024, 2, 3, 16, 20));
    expect(summary.maxAurora).toBe(100);
    expect(summary.leadMinutes).toBe(73);
  });

  it('puts row 0 at latitude +90 and column 0 at longitude −180, converting 0–359 east', () => {
    const path = 'more/2022-04-14/1926Z/ovation_aurora_latest.json';
    const { grid: g } = grid(path);
    // lon 200 east is −160; lat 65 is row 25.
    expect(g.values[(90 - 65) * 360 + (-160 + 180)]).toBe(upstreamValue(path, 200, 65));
    expect(g.values[gridIndex(65, 200)]).toBe(upstreamValue(path, 200, 65));
    // lon 180 east is −180: column 0.
    expect(g.values[(90 - 60) * 360]).toBe(upstreamValue(path, 180, 60));
    // lon 0 is column 180; the south-pole row is the last row.
    expect(g.values[180 * 360 + 180]).toBe(upstreamValue(path, 0, -90));
    expect(g.values[0 * 360 + 180]).toBe(upstreamValue(path, 0, 90));
  });

  it('keeps every cell equal to the upstream triple for it, whole grid', () => {
    const path = '2025-01-12/ovation_aurora_latest.json';
    const { grid: g } = grid(path);
    const doc = JSON.parse(recorded(path)) as { coordinates: [number, number, number][] };
    let compared = 0;
    for (const [lon, lat, v] of doc.coordinates) {
      expect(g.values[gridIndex(lat, lon)]).toBe(v);
      compared++;
    }
    expect(compared).toBe(65_160);
  });

  it.each([
    ['2025-01-12/ovation_aurora_latest.json', Date.UTC(2025, 0, 12, 21, 42), 24],
    ['more/2022-04-14/1422Z/ovation_aurora_latest.json', Date.UTC(2022, 3, 14, 14, 22), 99],
    ['more/2022-04-14/1426Z/ovation_aurora_latest.json', Date.UTC(2022, 3, 14, 14, 26), 100],
    ['more/2022-04-14/1432Z/ovation_aurora_latest.json', Date.UTC(2022, 3, 14, 14, 32), 100],
    ['more/2022-04-14/1926Z/ovation_aurora_latest.json', Date.UTC(2022, 3, 14, 19, 26), 100],
    ['more/2024-06-06/ovation_aurora_latest.json', Date.UTC(2024, 5, 6, 18, 26), 13],
    ['more/2024-12-09/ovation_aurora_latest.json', Date.UTC(2024, 11, 9, 16, 57), 49],
  ])('reads %s with its own observation time and maximum', (path, observation, max) => {
    const { grid: g, summary } = grid(path);
    expect(g.observationTime).toBe(observation);
    expect(summary.maxAurora).toBe(max);
  });

  it('does not hard-code the lead time: the 2022 storm files lead by 50–57 minutes', () => {
    expect(grid('more/2022-04-14/1422Z/ovation_aurora_latest.json').summary.leadMinutes).toBe(56);
    expect(grid('more/2022-04-14/1926Z/ovation_aurora_latest.json').summary.leadMinutes).toBe(50);
  });

  it('rejects a file with one two-element triple, naming where, instead of shifting later cells', () => {
    const result = normalise(
      'aurora-oval',
      recorded('bad/08-ovation-malformed-triple/ovation_aurora_latest.json'),
      { now: NOW },
    );
    expect(result).toEqual({
      ok: false,
      error: 'aurora-oval: malformed triple at index 7400 ([40,70]; expected [lon, lat, aurora])',
    });
  });

  it('rejects a grid with a missing point, a duplicated point or a value above 100', () => {
    const doc = JSON.parse(recorded('more/2024-06-06/ovation_aurora_latest.json')) as {
      coordinates: number[][];
    };
    const short = { ...doc, coordinates: doc.coordinates.slice(1) };
    expect(normalise('aurora-oval', JSON.stringify(short), { now: NOW })).toEqual({
      ok: false,
      error: 'aurora-oval: expected 65,160 points, got 65,159',
    });
    const dup = {
      ...doc,
      coordinates: [...doc.coordinates.slice(0, 1), ...doc.coordinates.slice(0, 65_159)],
    };
    expect(normalise('aurora-oval', JSON.stringify(dup), { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('appears twice'),
    });
    const hot = {
      ...doc,
      coordinates: doc.coordinates.map((c, i) => (i === 10 ? [c[0], c[1], 101] : c)),
    };
    expect(normalise('aurora-oval', JSON.stringify(hot), { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('aurora value 101 is not 0–100'),
    });
  });

  it('flags an unknown extra key as schema drift but still accepts the grid', () => {
    const doc = JSON.parse(recorded('more/2024-06-06/ovation_aurora_latest.json')) as Record<
      string,
      unknown
    >;
    const result = normalise('aurora-oval', JSON.stringify({ ...doc, 'Model Version': '2.1' }), {
      now: NOW,
    });
    expect(result.ok && result.schemaDrift).toBe(true);
  });

  it('rejects a snapshot whose Forecast Time is missing', () => {
    const doc = JSON.parse(recorded('more/2024-06-06/ovation_aurora_latest.json')) as Record<
      string,
      unknown
    >;
    delete doc['Forecast Time'];
    expect(normalise('aurora-oval', JSON.stringify(doc), { now: NOW })).toMatchObject({
      ok: false,
      error: expect.stringContaining('"Forecast Time" is missing'),
    });
  });
});
