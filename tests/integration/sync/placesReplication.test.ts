import 'fake-indexeddb/auto';
import { REPLICATION_STATE_BY_COLLECTION } from 'rxdb/plugins/replication';
import { describe, expect, it } from 'vitest';
import { openDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { choosePlace, savePlace } from '../../../sync/places/places.ts';
import { STRONG_PASSWORD, testClient } from '../../support/clients.ts';
import { heldAnswers } from '../../support/heldAnswers.ts';
import { replicationHarness, until } from '../../support/replicationHarness.ts';

const h = replicationHarness('places');
const { newUser, newDevice, signIn } = h;

const names = (db: AuroraDatabase) => async () =>
  (await db.places.find().exec()).map((d) => `${d.name}@${d.chosen_at}`).sort();

describe('saved places follow a signed-in user between devices', () => {
  it('adopts a place saved anonymously at sign-in, shows it on a second device, and a choice there comes back', async () => {
    const { email, userId } = await newUser();
    const a = await newDevice();
    await savePlace(
      a,
      { name: 'Cabin', lat: 69.65, lon: 18.96, kind: 'picked' },
      1_000,
      'place-cabin',
    );
    await signIn(a, email);
    const rows = await until(
      () =>
        h
          .stack()
          .sql<{ id: string; user_id: string; name: string }>(
            'select id, user_id::text, name from public.places where id = $1',
            ['place-cabin'],
          ),
      (r) => r.length === 1,
    );
    expect(rows[0]).toEqual({ id: 'place-cabin', user_id: userId, name: 'Cabin' });

    const b = await newDevice();
    await signIn(b, email);
    await until(names(b), (v) => v.join() === 'Cabin@1000');
    await choosePlace(b, 'place-cabin', 2_000);
    await until(names(a), (v) => v.join() === 'Cabin@2000');
  });

  it('keeps one user’s places from another: another account neither reads nor overwrites them', async () => {
    const owner = await newUser();
    const other = await newUser();
    const a = await newDevice();
    await savePlace(
      a,
      { name: 'Secret spot', lat: 68.4, lon: 17.4, kind: 'picked' },
      1_000,
      'place-secret',
    );
    await signIn(a, owner.email);
    await until(
      () => h.stack().sql('select 1 from public.places where id = $1', ['place-secret']),
      (r) => r.length === 1,
    );

    const client = testClient(h.stack().url, h.stack().anonKey);
    await client.auth.signInWithPassword({ email: other.email, password: STRONG_PASSWORD });
    const read = await client.from('places').select('id');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    await client.from('places').update({ name: 'Taken' }).eq('id', 'place-secret');
    const [row] = await h
      .stack()
      .sql<{ name: string }>('select name from public.places where id = $1', ['place-secret']);
    expect(row?.name).toBe('Secret spot');
    const steal = await client
      .from('places')
      .insert({ id: 'place-x', name: 'X', lat: 1, lon: 1, kind: 'picked', user_id: owner.userId });
    expect(steal.error).not.toBeNull();
  });

  it('signing out takes the account’s places off the device; signing in again brings them back', async () => {
    const { email } = await newUser();
    const a = await newDevice();
    await savePlace(
      a,
      { name: 'Home', lat: 60.39, lon: 5.32, kind: 'my-location' },
      1_000,
      'place-home',
    );
    const first = await signIn(a, email);
    await until(
      () => h.stack().sql('select 1 from public.places where id = $1', ['place-home']),
      (r) => r.length === 1,
    );
    await first.sync.stop({ signOut: true });
    expect(await a.places.count().exec()).toBe(0);
    await signIn(a, email);
    await until(names(a), (v) => v.join() === 'Home@1000');
    const [row] = await h
      .stack()
      .sql<{ _deleted: boolean }>('select _deleted from public.places where id = $1', [
        'place-home',
      ]);
    expect(row?._deleted).toBe(false);
  });

  it('shows a choice made on another device after reopening one that went away before its push of the place was answered', async () => {
    const { email } = await newUser();
    const a = await newDevice();
    await savePlace(
      a,
      { name: 'Held', lat: 69.65, lon: 18.96, kind: 'picked' },
      1_000,
      'place-held',
    );
    // Ids are the table's primary key across accounts: each test keeps its own. The place reaches
    // the account, but device A goes away before it hears so: A's replication keeps no record of
    // the push, and its next start pushes the place again and meets the row.
    const insert = heldAnswers(
      (method, url) => method === 'POST' && new URL(url).pathname === '/rest/v1/places',
    );
    await signIn(a, email, { fetch: insert.fetch });
    await insert.answered;
    await h.stopSyncs();
    await a.close();
    insert.release();

    const b = await newDevice();
    await signIn(b, email);
    await until(names(b), (v) => v.join() === 'Held@1000');
    await choosePlace(b, 'place-held', 2_000);
    const heldRow = () =>
      h.stack().sql<{
        chosen_at: string;
        modified: string;
      }>('select chosen_at::text, _modified::text as modified from public.places where id = $1', ['place-held']);
    const [written] = await until(heldRow, (r) => r[0]?.chosen_at === '2000');
    await h.stopSyncs();
    await b.close();

    const again = h.adopt(
      await openDatabase({ name: a.name, storage: 'dexie', multiInstance: false }),
    );
    await signIn(again, email);
    await until(names(again), (v) => v.join() === 'Held@2000');
    expect((await again.places.findOne('place-held').exec())?.toJSON()).toEqual({
      id: 'place-held',
      name: 'Held',
      lat: 69.65,
      lon: 18.96,
      kind: 'picked',
      chosen_at: 2_000,
    });
    // Taken as the account has it, not written back to it once the replication has settled.
    for (const r of REPLICATION_STATE_BY_COLLECTION.get(again.places) ?? []) await r.awaitInSync();
    expect(await heldRow()).toEqual([written]);
  });
});
