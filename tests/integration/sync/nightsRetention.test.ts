import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { keepNightRecord, readNights } from '../../../sync/nights/nights.ts';
import { purgeOldNights } from '../../../sync/nights/purgeOldNights.ts';
import { startAccountSync, type AccountSync } from '../../../sync/replication/index.ts';
import { nightRecordFor } from '../../support/nightRecordFor.ts';
import { NIGHTS_KEPT_DAYS } from '../../../core/tonight/nightsKept.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * Tonight's kept verdicts are kept for a window (core/tonight/nightsKept.ts, migration
 * 20261129010000_nights_retention.sql): the guard deletes the user's older rows before it counts,
 * the cap counts only the window, and a night older than the window is skipped, not refused.
 * Real PostgreSQL 15, PostgREST and the gateway; RxDB on Dexie (fake-indexeddb) on the devices.
 * Dates are days before the database's today, kept away from the window's edge (the tests may run
 * across UTC midnight).
 */
let stack: TestStack;
const open: AuroraDatabase[] = [];
const syncs: AccountSync[] = [];
let n = 0;
const OLD = NIGHTS_KEPT_DAYS + 20;

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

/** Place ids are primary-key parts, unique across users: each user's start with their own tag. */
const tag = (userId: string) => `${userId.slice(0, 8)}-`;

/** The UTC date `days` before today, YYYY-MM-DD. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function newUser(): Promise<{ email: string; userId: string; client: SupabaseClient }> {
  const email = uniqueEmail('nightcap');
  const client = testClient(stack.url, stack.anonKey);
  const { data, error } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
  if (error || !data.user) throw error ?? new Error('sign-up failed');
  const signedIn = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { email, userId: data.user.id, client };
}

/**
 * Rows for `places` places on the nights `fromDays`..`toDays` before today, written straight to
 * the table with the triggers off: the state an account reaches over months, in one statement.
 */
async function load(userId: string, places: number, fromDays: number, toDays: number) {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error('not a user id');
  // One implicit transaction: `set local` ends with it, on whichever pooled connection ran it.
  await stack.sql(`set local session_replication_role = replica;
    insert into public.nights (id, user_id, place_id, place_name, lat, lon, night, level, line, judged_at)
      select '${tag(userId)}p' || p || '@' || to_char((now() at time zone 'utc')::date - d, 'YYYY-MM-DD'),
        '${userId}', '${tag(userId)}p' || p, 'Place ' || p, 60, 10,
        to_char((now() at time zone 'utc')::date - d, 'YYYY-MM-DD'), 'NO', 'No aurora expected tonight', 0
      from generate_series(1, ${places}) p, generate_series(${fromDays}, ${toDays}) d;`);
}

async function nightsOf(userId: string): Promise<string[]> {
  const rows = await stack.sql<{ id: string }>(
    'select id from public.nights where user_id = $1 order by night desc, id',
    [userId],
  );
  return rows.map((r) => r.id);
}

async function countOf(userId: string): Promise<number> {
  const [row] = await stack.sql<{ n: number }>(
    'select count(*)::int as n from public.nights where user_id = $1',
    [userId],
  );
  return row!.n;
}

async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`never matched: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the nights table keeps a window of nights', () => {
  it('matches the device’s window and has room for 200 places every night of it', async () => {
    const [row] = await stack.sql<{ days: number; cap: number; places: number }>(
      'select public.nights_kept_days() as days, public.nights_row_cap() as cap, public.places_live_cap() as places',
    );
    expect(row!.days).toBe(NIGHTS_KEPT_DAYS);
    // The window's dates, and tomorrow's (a night is dated by the local noon it follows).
    expect(row!.cap).toBeGreaterThanOrEqual(row!.places * (NIGHTS_KEPT_DAYS + 2));
  });

  it('deletes a user’s nights older than the window when they keep a night, and no one else’s', async () => {
    const a = await newUser();
    const b = await newUser();
    await load(a.userId, 1, OLD, OLD + 2);
    await load(a.userId, 1, 100, 100);
    await load(b.userId, 1, OLD, OLD);

    const { error } = await a.client
      .from('nights')
      .insert(nightRecordFor(`${tag(a.userId)}cabin`, daysAgo(1)));

    expect(error).toBeNull();
    expect(await nightsOf(a.userId)).toEqual([
      `${tag(a.userId)}cabin@${daysAgo(1)}`,
      `${tag(a.userId)}p1@${daysAgo(100)}`,
    ]);
    expect(await nightsOf(b.userId)).toEqual([`${tag(b.userId)}p1@${daysAgo(OLD)}`]);
  }, 60_000);

  it('counts only the window against the cap: a full cap of old nights does not stop a new one', async () => {
    const a = await newUser();
    const [{ cap }] = (await stack.sql<{ cap: number }>(
      'select public.nights_row_cap() as cap',
    )) as [{ cap: number }];
    const places = Math.ceil(cap / 400);
    await load(a.userId, places, OLD, OLD + 399);
    expect(await countOf(a.userId)).toBeGreaterThanOrEqual(cap);

    const { error } = await a.client
      .from('nights')
      .insert(nightRecordFor(`${tag(a.userId)}cabin`, daysAgo(1)));

    expect(error).toBeNull();
    expect(await nightsOf(a.userId)).toEqual([`${tag(a.userId)}cabin@${daysAgo(1)}`]);
  }, 120_000);

  it('still refuses a night past the cap inside the window', async () => {
    const a = await newUser();
    const [{ cap }] = (await stack.sql<{ cap: number }>(
      'select public.nights_row_cap() as cap',
    )) as [{ cap: number }];
    await load(a.userId, Math.ceil(cap / 300), 2, 301);

    const { error } = await a.client
      .from('nights')
      .insert(nightRecordFor(`${tag(a.userId)}cabin`, daysAgo(1)));

    expect(error?.code).toBe('23514');
    expect(await countOf(a.userId)).toBe(Math.ceil(cap / 300) * 300);
  }, 120_000);

  it('takes 200 saved places’ nights every night of the window, tonight’s and tomorrow’s included', async () => {
    const a = await newUser();
    await load(a.userId, 200, 1, NIGHTS_KEPT_DAYS - 1);
    const tonight = Array.from({ length: 200 }, (_, i) => [
      nightRecordFor(`${tag(a.userId)}p${i + 1}`, daysAgo(0)),
      nightRecordFor(`${tag(a.userId)}p${i + 1}`, daysAgo(-1)),
    ]).flat();

    const { error } = await a.client.from('nights').insert(tonight);

    expect(error).toBeNull();
    expect(await countOf(a.userId)).toBe(200 * (NIGHTS_KEPT_DAYS + 1));
  }, 180_000);

  it('skips a night older than the window without an error, so a device that was behind is not stuck on it', async () => {
    const a = await newUser();
    // What replication-supabase sends for a night it has not pushed yet: a plain insert.
    const { error } = await a.client
      .from('nights')
      .insert(nightRecordFor(`${tag(a.userId)}cabin`, daysAgo(OLD)));
    expect(error).toBeNull();
    expect(await nightsOf(a.userId)).toEqual([]);
  }, 60_000);
});

describe('a device’s old nights and the server’s window', () => {
  it('never pushes a night older than the window, keeps pushing the newer ones, and purges it', async () => {
    const { email, userId } = await newUser();
    const db = await openDatabase({
      name: `nightcap-${process.pid}-${++n}`,
      storage: 'dexie',
      multiInstance: false,
    });
    open.push(db);
    // Kept while the device was offline for long: one night already outside the window.
    await keepNightRecord(db, nightRecordFor('cabin', daysAgo(OLD)));
    await keepNightRecord(db, nightRecordFor('cabin', daysAgo(3)));
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    const sync = startAccountSync({ db, client, userId: data.user!.id, retryTime: 200 });
    syncs.push(sync);
    await sync.current()!.awaitInitialReplication();

    await until(
      () => nightsOf(userId),
      (ids) => ids.includes(`cabin@${daysAgo(3)}`),
    );
    await purgeOldNights(db, Date.now());
    expect((await readNights(db, 5)).map((r) => r.id)).toEqual([`cabin@${daysAgo(3)}`]);
    // The queue moves on: a night kept after them arrives, and the old one never does.
    await keepNightRecord(db, nightRecordFor('lake', daysAgo(1)));
    await until(
      () => nightsOf(userId),
      (ids) => ids.includes(`lake@${daysAgo(1)}`),
    );
    await sync.current()!.awaitInSync();
    expect(await nightsOf(userId)).toEqual([`lake@${daysAgo(1)}`, `cabin@${daysAgo(3)}`]);
  }, 60_000);
});
