import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { readLatestGrid } from '../../../sync/grids/latestGrid.ts';
import { writeGrid } from '../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../sync/testDb.ts';
import { loadOvationFixture } from './ovationFixture.ts';

let db: AuroraDatabase | undefined;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => {
  await disposeTestDatabase(db);
});

const MINUTE = 60_000;

describe('the one-shot read of the newest stored grid (the first oval of an offline reload)', () => {
  it('reads nothing when no grid is stored', async () => {
    expect(await readLatestGrid(db!)).toBeNull();
  });

  it('returns the newest of several stored grids by observation time, whatever order they were written in, with its values intact', async () => {
    const fixture = loadOvationFixture();
    const t0 = fixture.observationTime;
    const newest = { ...fixture, observationTime: t0 + 10 * MINUTE, forecastTime: fixture.forecastTime + 10 * MINUTE };
    const older = { ...fixture, observationTime: t0 - 5 * MINUTE, values: new Uint8Array(fixture.values.length).fill(3) };
    await writeGrid(db!, fixture, { fetchedAt: t0 });
    await writeGrid(db!, newest, { fetchedAt: t0 });
    await writeGrid(db!, older, { fetchedAt: t0 });

    const read = await readLatestGrid(db!);
    expect(read?.observationTime).toBe(newest.observationTime);
    expect(read?.forecastTime).toBe(newest.forecastTime);
    expect(read?.width).toBe(360);
    expect(read?.height).toBe(181);
    expect(read?.values).toEqual(fixture.values);
  });
});
