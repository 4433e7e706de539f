import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type AuroraDatabase } from '../../../sync/database.ts';
import { choosePlace, savePlace } from '../../../sync/places/places.ts';
import { STRONG_PASSWORD, testClient } from '../../support/clients.ts';
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
});
