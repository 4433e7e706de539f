import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { openDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { readSeriesColumns } from '../../../sync/read/readSeriesColumns.ts';
import { applyRetention } from '../../../sync/retention.ts';
import { writeFeedStatus, writeSeries } from '../../../sync/write.ts';

const open: AuroraDatabase[] = [];
afterEach(async () => {
  // Close every instance, then remove the stored data once.
  const [first, ...rest] = open.splice(0);
  for (const db of rest) if (!db.closed) await db.close();
  if (first && !first.closed) await first.remove();
});

describe('one database shared by the worker and the tabs (Dexie on fake-indexeddb)', () => {
  it('shows a write made in one instance live in another', async () => {
    const name = `shared-${process.pid}-${Date.now()}`;
    const worker = await openDatabase({
      name,
      storage: 'dexie',
      multiInstance: true,
      ignoreDuplicate: true,
    });
    open.push(worker);
    const tab = await openDatabase({
      name,
      storage: 'dexie',
      multiInstance: true,
      ignoreDuplicate: true,
    });
    open.push(tab);

    const seen = firstValueFrom(
      tab.feeds.findOne('kp-index').$.pipe(
        filter((d) => d?.state === 'error'),
        timeout(10_000),
      ),
    );
    await writeFeedStatus(worker, {
      id: 'kp-index',
      lastAttempt: 1,
      lastSuccess: null,
      dataTime: null,
      etag: null,
      lastModified: null,
      state: 'error',
      error: 'HTTP 503',
      schemaDrift: false,
      replay: false,
    });
    expect((await seen)?.error).toBe('HTTP 503');
  });

  it('reads back 7 days of 1-minute solar wind as columns from IndexedDB and keeps storage bounded', async () => {
    const name = `week-${process.pid}-${Date.now()}`;
    const db = await openDatabase({ name, storage: 'dexie', multiInstance: false });
    open.push(db);
    const end = Date.UTC(2026, 0, 20);
    const t = Array.from({ length: 7 * 1440 }, (_, i) => end - 7 * 86_400_000 + i * 60_000);
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t,
        fields: {
          speed: t.map((_, i) => 400 + (i % 50)),
          density: t.map(() => 5),
          temperature: t.map(() => 1e5),
        },
        source: 'DSCOVR',
      },
      { fetchedAt: end },
    );
    const cols = await readSeriesColumns(db, 'solar-wind-plasma', {
      from: end - 7 * 86_400_000,
      to: end,
    });
    expect(cols.t).toHaveLength(7 * 1440);
    expect(cols.fields.speed![1440]).toBe(400 + (1440 % 50));
    await applyRetention(db, end + 40 * 86_400_000);
    // 40 days on, only the newest day is left: the last known values, kept however old.
    expect((await db.series.find().exec()).map((d) => d.day)).toEqual([end - 86_400_000]);
  });
});
