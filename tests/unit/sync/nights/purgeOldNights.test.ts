/**
 * The device's half of the nights' retention (sync/nights/purgeOldNights.ts), on a real in-memory
 * RxDB: run by the poller's retention through its store (workers/poller/store.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { keepNightRecord, nightsCollection, readNights } from '../../../../sync/nights/nights.ts';
import { purgeOldNights } from '../../../../sync/nights/purgeOldNights.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { nightRecordFor } from '../../../support/nightRecordFor.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const NOW = Date.parse('2027-01-15T12:00:00Z');
const DAY = 86_400_000;

let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

describe('nights older than the window leave the device', () => {
  it('removes the nights before the window and keeps the window’s oldest night and the newer ones', async () => {
    db = await openTestDatabase();
    for (const date of ['2025-12-09', '2025-12-10', '2025-12-11', '2026-06-01', '2027-01-14'])
      await keepNightRecord(db, nightRecordFor('cabin', date));
    await keepNightRecord(db, nightRecordFor('lake', '2025-01-01'));

    const removed = await purgeOldNights(db, NOW);

    expect(removed.sort()).toEqual(['cabin@2025-12-09', 'cabin@2025-12-10', 'lake@2025-01-01']);
    expect((await readNights(db, 20)).map((n) => n.id)).toEqual([
      'cabin@2027-01-14',
      'cabin@2026-06-01',
      'cabin@2025-12-11',
    ]);
  });

  it('purges them for good: no tombstone is left in the storage', async () => {
    db = await openTestDatabase();
    await keepNightRecord(db, nightRecordFor('cabin', '2024-11-01'));
    await keepNightRecord(db, nightRecordFor('cabin', '2027-01-14'));
    await purgeOldNights(db, NOW);
    const nights = await nightsCollection(db);
    const stored = await nights.storageInstance.findDocumentsById(
      ['cabin@2024-11-01', 'cabin@2027-01-14'],
      true,
    );
    expect(stored.map((d) => d.id)).toEqual(['cabin@2027-01-14']);
  });

  it('does nothing on a database where no night was kept or read', async () => {
    db = await openTestDatabase();
    expect(await purgeOldNights(db, NOW)).toEqual([]);
    expect((db as unknown as { nights?: unknown }).nights).toBeUndefined();
  });

  it('runs with the poller’s retention, a day at a time as the window moves', async () => {
    db = await openTestDatabase();
    await keepNightRecord(db, nightRecordFor('cabin', '2025-12-11'));
    await keepNightRecord(db, nightRecordFor('cabin', '2025-12-12'));
    const store = databaseStore(db);

    await store.applyRetention(NOW);
    expect((await readNights(db, 5)).map((n) => n.night)).toEqual(['2025-12-12', '2025-12-11']);

    await store.applyRetention(NOW + DAY);
    expect((await readNights(db, 5)).map((n) => n.night)).toEqual(['2025-12-12']);
  });
});
