import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { readSeriesColumns } from '../../../../sync/read/readSeriesColumns.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { foldBackgroundUpdates } from '../../../../workers/poller/foldBackgroundUpdates.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
});

describe('folding in what the service worker fetched while the app was closed', () => {
  it('writes good products, skips broken ones with their reason, and never moves a feed back', async () => {
    db = await openDatabase({ storage: 'memory', name: `fold-${process.pid}-${Date.now()}` });
    const store = databaseStore(db);
    const fetchedAt = Date.UTC(2026, 1, 9, 16);
    const result = await foldBackgroundUpdates(
      [
        {
          resource: 'kp-index',
          fetchedAt,
          status: 200,
          body: constructed('noaa-planetary-k-index.json'),
        },
        {
          resource: 'alerts',
          fetchedAt,
          status: 200,
          body: '<html><title>504 Gateway Timeout</title></html>',
        },
        { resource: 'not-a-feed', fetchedAt, status: 200, body: '[]' },
      ],
      store,
    );
    expect(result.folded).toEqual(['kp-index']);
    expect(result.rejected).toEqual([
      'alerts: received an HTML page instead of data ("504 Gateway Timeout")',
    ]);
    expect((await readSeriesColumns(db, 'kp-3h', { from: 0, to: fetchedAt })).t).toHaveLength(62);
    expect(await readFeedStatus(db, 'kp-index')).toMatchObject({
      lastSuccess: fetchedAt,
      dataTime: Date.UTC(2026, 1, 9, 15),
    });
    expect(await readFeedStatus(db, 'alerts')).toBeNull();
    // An older background copy adds nothing and leaves the newer feed row alone.
    await foldBackgroundUpdates(
      [
        {
          resource: 'kp-index',
          fetchedAt: fetchedAt - 3_600_000,
          status: 200,
          body: constructed('noaa-planetary-k-index.json'),
        },
      ],
      store,
    );
    expect((await readFeedStatus(db, 'kp-index'))?.lastSuccess).toBe(fetchedAt);
  });
});
