import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { choosePlace, savePlace } from '../../../sync/places/places.ts';
import { startAccountSync, type AccountSync } from '../../../sync/replication/index.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
const open: AuroraDatabase[] = [];
const syncs: AccountSync[] = [];
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  for (const s of syncs.splice(0)) await s.stop().catch(() => undefined);
  for (const db of open.splice(0)) if (!db.closed) await removeDatabase(db);
});

async function newUser(): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail('places');
  const { data, error } = await testClient(stack.url, stack.anonKey).auth.signUp({
    email,
    password: STRONG_PASSWORD,
  });
  if (error || !data.user) throw error ?? new Error('sign-up failed');
  return { email, userId: data.user.id };
}

async function newDevice(): Promise<AuroraDatabase> {
  const db = await openDatabase({
    name: `places-${process.pid}-${++n}`,
    storage: 'dexie',
    multiInstance: false,
  });
  open.push(db);
  return db;
}

async function signIn(
  db: AuroraDatabase,
  email: string,
): Promise<{ client: SupabaseClient; sync: AccountSync }> {
  const client = testClient(stack.url, stack.anonKey);
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: STRONG_PASSWORD,
  });
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  const sync = startAccountSync({ db, client, userId: data.user.id, retryTime: 200 });
  syncs.push(sync);
  await sync.current()!.awaitInitialReplication();
  return { client, sync };
}

async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`never matched: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
        stack.sql<{ id: string; user_id: string; name: string }>(
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
      () => stack.sql('select 1 from public.places where id = $1', ['place-secret']),
      (r) => r.length === 1,
    );

    const client = testClient(stack.url, stack.anonKey);
    await client.auth.signInWithPassword({ email: other.email, password: STRONG_PASSWORD });
    const read = await client.from('places').select('id');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    await client.from('places').update({ name: 'Taken' }).eq('id', 'place-secret');
    const [row] = await stack.sql<{ name: string }>(
      'select name from public.places where id = $1',
      ['place-secret'],
    );
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
      () => stack.sql('select 1 from public.places where id = $1', ['place-home']),
      (r) => r.length === 1,
    );
    await first.sync.stop({ signOut: true });
    expect(await a.places.count().exec()).toBe(0);
    await signIn(a, email);
    await until(names(a), (v) => v.join() === 'Home@1000');
    const [row] = await stack.sql<{ _deleted: boolean }>(
      'select _deleted from public.places where id = $1',
      ['place-home'],
    );
    expect(row?._deleted).toBe(false);
  });
});
