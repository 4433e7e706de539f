import { describe, expect, it } from 'vitest';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH, gridIndex } from '../../../../core/grid/grid.ts';
import * as auroraAtPlace from '../../../../core/tonight/auroraAtPlace.ts';
import * as auroraOval from '../../../../core/normalise/auroraOval.ts';
import { valueAt } from '../../../../src/features/map/gridLookup.ts';
import { splitBatchIntoChunks } from '../../../../sync/series/splitBatchIntoChunks.ts';
import { archiveRows } from '../../../../supabase/functions/space-weather/archive.ts';
import { seriesChunkId } from '../../../../core/time/dayKey.ts';

describe('the OVATION grid, one layout for every reader', () => {
  it('has one cell lookup, latitude first, that the normaliser, the map and tonight’s verdict share', () => {
    expect([GRID_WIDTH, GRID_HEIGHT, GRID_CELLS]).toEqual([360, 181, 65_160]);
    // The copies with their own argument order are gone.
    expect(Object.keys(auroraAtPlace)).not.toContain('gridIndex');
    expect(Object.keys(auroraOval)).not.toContain('gridIndex');
    expect(gridIndex(90, -180)).toBe(0);
    expect(gridIndex(-90, 179)).toBe(GRID_CELLS - 1);
    expect(gridIndex(69, 19)).toBe((90 - 69) * GRID_WIDTH + (19 + 180));
    expect(gridIndex(64, 200)).toBe(gridIndex(64, -160));
    for (const [lat, lon] of [
      [69, 19],
      [-45, -170],
      [64, 179],
      [10, -180],
      [90, 0],
      [-90, 359],
    ] as const) {
      const values = new Uint8Array(GRID_CELLS);
      values[gridIndex(lat, lon)] = 77;
      const signedLon = lon >= 180 ? lon - 360 : lon;
      const view = auroraAtPlace.placeView(lat, signedLon);
      expect(values[view.overheadIndex], `tonight at ${lat}, ${lon}`).toBe(77);
      expect(
        auroraAtPlace.auroraAtPlace(values, view).overheadPercent,
        `tonight at ${lat}, ${lon}`,
      ).toBe(77);
      expect(valueAt(values, lat, signedLon), `map at ${lat}, ${lon}`).toBe(77);
    }
  });
});

describe('the UTC day chunk', () => {
  it('splits a series across midnight into the same day keys in the local database and the backend archive', () => {
    const t = [
      Date.UTC(2026, 0, 12, 23, 58),
      Date.UTC(2026, 0, 12, 23, 59),
      Date.UTC(2026, 0, 13, 0, 0),
      Date.UTC(2026, 0, 13, 0, 1),
    ];
    const batch = {
      product: 'solar-wind-plasma' as const,
      t,
      fields: { speed: [400, 401, null, 403] },
      source: 'DSCOVR',
    };
    const local = splitBatchIntoChunks(batch, { fetchedAt: t[3]! }).map((c) => c.id);
    // The archive keeps one row per sample (a minute with nothing at all is left out); each falls
    // in the UTC day chunk the device files it under.
    const archive = archiveRows(
      'solar-wind',
      { series: [batch], grids: [], products: [] },
      t[3]!,
    ).samples.map((r) => seriesChunkId(r.product, Date.parse(r.t)));
    expect(local).toEqual(['solar-wind-plasma/2026-01-12', 'solar-wind-plasma/2026-01-13']);
    expect(archive).toEqual([local[0], local[0], local[1]]);
  });
});
