import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { writeFeedStatus, writeGrid } from '../../../sync/write.ts';
import { feedStatus } from '../../support/feedStatus.ts';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';
import { loadOvationFixture } from '../../support/ovationFixture.ts';

let db: AuroraDatabase | undefined;

afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

/** The documents the collection's cached queries still hold (what stays in memory with them). */
function heldByCachedQueries(database: AuroraDatabase): number {
  const cache = (
    database.grids as unknown as {
      _queryCache: { _map: Map<string, { _result: { docsData: unknown[] } | null }> };
    }
  )._queryCache;
  let held = 0;
  for (const q of cache._map.values()) held += q._result?.docsData.length ?? 0;
  return held;
}

describe('the query cache', () => {
  it('keeps a bounded number of finished queries and their documents, however many were asked', async () => {
    db = await openTestDatabase();
    const fixture = loadOvationFixture();
    const t0 = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 40; i++)
      await writeGrid(
        db,
        {
          ...fixture,
          observationTime: t0 + i * 300_000,
          forecastTime: t0 + i * 300_000 + 1_800_000,
        },
        { fetchedAt: t0 + i * 300_000 },
      );
    // The poller asks for "the grid observed at <its newest>" once per poll: a new query each time.
    for (let i = 0; i < 40; i++) {
      const at = t0 + i * 300_000;
      await db.grids.find({ selector: { observationTime: { $gte: at, $lte: at } } }).exec();
    }
    // RxDB trims its cache when idle; 40 one-document results would all still be held by default.
    await expect.poll(() => heldByCachedQueries(db!), { timeout: 5_000 }).toBeLessThanOrEqual(8);
  });

  it('keeps a bounded number of grid change events with their documents, however many grids were written', async () => {
    db = await openTestDatabase();
    const fixture = loadOvationFixture();
    const t0 = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 40; i++)
      await writeGrid(
        db,
        {
          ...fixture,
          observationTime: t0 + i * 300_000,
          forecastTime: t0 + i * 300_000 + 1_800_000,
        },
        { fetchedAt: t0 + i * 300_000 },
      );
    const buffer = (
      db.grids as unknown as { _changeEventBuffer: { getBuffer(): unknown[] } }
    )._changeEventBuffer.getBuffer();
    // RxDB's default keeps the last 100: all 40 grids, ~87 KB each.
    expect(buffer.length).toBeLessThanOrEqual(8);
  });

  it('keeps a bounded number of change events in every collection, however many writes there were', async () => {
    db = await openTestDatabase();
    for (let i = 0; i < 40; i++)
      await writeFeedStatus(db, feedStatus('solar-wind', { lastAttempt: 1_000 + i }));
    const buffer = (
      db.feeds as unknown as { _changeEventBuffer: { getBuffer(): unknown[] } }
    )._changeEventBuffer.getBuffer();
    expect(buffer.length).toBeLessThanOrEqual(16);
  });
});
