import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { keepNightRecord, nightsCollection } from '../../../../sync/nights/nights.ts';
import { forgetPlaces } from '../../../../sync/replication/replicatePlaces.ts';
import { nightRecordFor } from '../../../support/nightRecordFor.ts';
import { disposeTestDatabase } from '../../../support/testDb.ts';

const NIGHT = nightRecordFor('place-cabin', '2027-01-15');

let db: AuroraDatabase | null = null;
afterEach(async () => {
  await disposeTestDatabase(db ?? undefined);
  db = null;
});

const open = (name: string) => openDatabase({ name, storage: 'dexie', multiInstance: false });

describe('signing out', () => {
  it('takes the account’s nights off the device even when this page never opened them', async () => {
    const name = `forget-nights-${process.pid}-${Date.now()}`;
    const earlier = await open(name);
    expect(await keepNightRecord(earlier, NIGHT)).toBe(true);
    await earlier.close();
    // The next visit: the nights collection is added only when something reads it.
    db = await open(name);
    expect((db as unknown as { nights?: unknown }).nights).toBeUndefined();
    await forgetPlaces(db);
    const nights = await nightsCollection(db);
    expect(await nights.count().exec()).toBe(0);
    // No tombstone either: a later push would turn it into a deletion in the next account.
    expect(await nights.storageInstance.findDocumentsById([NIGHT.id], true)).toHaveLength(0);
  });

  it('leaves a database that never kept a night without the collection', async () => {
    db = await open(`forget-no-nights-${process.pid}-${Date.now()}`);
    await forgetPlaces(db);
    expect((db as unknown as { nights?: unknown }).nights).toBeUndefined();
  });
});
