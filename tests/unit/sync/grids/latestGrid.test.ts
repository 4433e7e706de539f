import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { readLatestGrid } from '../../../../sync/grids/latestGrid.ts';
import { writeGrid } from '../../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

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
    expect(await readLatestGrid(db!, Date.now())).toBeNull();
  });

  it('returns the newest of several stored grids by observation time, whatever order they were written in, with its values intact', async () => {
    const fixture = loadOvationFixture();
    const t0 = fixture.observationTime;
    const newest = {
      ...fixture,
      observationTime: t0 + 10 * MINUTE,
      forecastTime: fixture.forecastTime + 10 * MINUTE,
    };
    const older = {
      ...fixture,
      observationTime: t0 - 5 * MINUTE,
      values: new Uint8Array(fixture.values.length).fill(3),
    };
    await writeGrid(db!, fixture, { fetchedAt: t0 });
    await writeGrid(db!, newest, { fetchedAt: t0 });
    await writeGrid(db!, older, { fetchedAt: t0 });

    const read = await readLatestGrid(db!, t0 + 60 * MINUTE);
    expect(read?.observationTime).toBe(newest.observationTime);
    expect(read?.forecastTime).toBe(newest.forecastTime);
    expect(read?.width).toBe(360);
    expect(read?.height).toBe(181);
    expect(read?.values).toEqual(fixture.values);
  });

  it('finds the newest grid within the last hour, after a gap of hours, and when all are days old', async () => {
    const fixture = loadOvationFixture();
    const now = Date.UTC(2026, 10, 22, 12, 0);
    const at = (t: number) => ({ ...fixture, observationTime: t, forecastTime: t + 30 * MINUTE });
    await writeGrid(db!, at(now - 50 * 60 * MINUTE), { fetchedAt: now });
    await writeGrid(db!, at(now - 3 * 60 * MINUTE), { fetchedAt: now });
    await writeGrid(db!, at(now - 4 * 60 * MINUTE), { fetchedAt: now });
    // A gap of three hours: not in the last hour, found in the last day.
    expect((await readLatestGrid(db!, now))?.observationTime).toBe(now - 3 * 60 * MINUTE);
    await writeGrid(db!, at(now - 20 * MINUTE), { fetchedAt: now });
    expect((await readLatestGrid(db!, now))?.observationTime).toBe(now - 20 * MINUTE);
    // Two days later, offline: nothing in the last day, the newest of the old ones.
    expect((await readLatestGrid(db!, now + 48 * 60 * MINUTE))?.observationTime).toBe(
      now - 20 * MINUTE,
    );
  });
});
