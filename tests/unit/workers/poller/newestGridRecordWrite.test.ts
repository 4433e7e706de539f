import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { readEarlyMapRecord } from '../../../../sync/grids/newestGridRecord.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
});

describe("the poller's grid write", () => {
  it('keeps the newest grid in its one-record store beside the RxDB document, for the page to draw before RxDB opens', async () => {
    db = await openTestDatabase();
    const grid = loadOvationFixture();
    const fetchedAt = grid.observationTime + 60_000;
    await databaseStore(db).writeGrid(grid, { fetchedAt, source: 'backend' });
    expect(await db.grids.count().exec()).toBe(1);
    const { newest } = await readEarlyMapRecord(grid.observationTime + 120_000, db.name);
    expect(newest?.grid.observationTime).toBe(grid.observationTime);
    expect(newest?.grid.values).toEqual(grid.values);
    expect(newest?.fetchedAt).toBe(fetchedAt);
  });
});
