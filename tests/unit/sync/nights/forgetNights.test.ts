import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { NightRecord } from '../../../../core/tonight/nightRecord.ts';
import { openDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { keepNightRecord, nightsCollection } from '../../../../sync/nights/nights.ts';
import { forgetPlaces } from '../../../../sync/replication/replicatePlaces.ts';
import { disposeTestDatabase } from '../../../support/testDb.ts';

const NIGHT_DATE = '2027-01-15';
const NIGHT: NightRecord = {
  id: `place-cabin@${NIGHT_DATE}`,
  place_id: 'place-cabin',
  place_name: 'Cabin',
  lat: 69.65,
  lon: 18.96,
  night: NIGHT_DATE,
  level: 'GO',
  window_from: Date.parse(`${NIGHT_DATE}T21:00:00Z`),
  window_to: Date.parse('2027-01-16T00:30:00Z'),
  line: 'Best tonight: 22:00–01:30 UTC+1 — 35 % overhead, clear, moon down',
  judged_at: Date.parse(`${NIGHT_DATE}T16:00:00Z`),
  outcome: null,
  seen_overhead: null,
  seen_visible: null,
  frames: 0,
  scored_at: null,
};

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
    await keepNightRecord(earlier, NIGHT);
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
