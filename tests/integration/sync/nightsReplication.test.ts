import 'fake-indexeddb/auto';
import { REPLICATION_STATE_BY_COLLECTION } from 'rxdb/plugins/replication';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../sync/database.ts';
import {
  keepNightRecord,
  nightsCollection,
  readNights,
  writeNightScore,
} from '../../../sync/nights/nights.ts';
import type { NightRecord } from '../../../core/tonight/nightRecord.ts';
import { STRONG_PASSWORD, testClient } from '../../support/clients.ts';
import { heldAnswers } from '../../support/heldAnswers.ts';
import { replicationHarness, until } from '../../support/replicationHarness.ts';

/**
 * Tonight's kept verdicts follow a signed-in user (the `nights` table, migration
 * 20261128000200): real PostgreSQL 15, PostgREST and the gateway's realtime, RxDB on Dexie
 * (fake-indexeddb) on two devices.
 */
const h = replicationHarness('nights');
const { newUser, newDevice, signIn } = h;

/** Two days ago (UTC): inside the nights' retention window whenever the test runs (core/tonight/nightsKept.ts). */
const NIGHT_DATE = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const NEXT_DATE = new Date(Date.parse(NIGHT_DATE) + 86_400_000).toISOString().slice(0, 10);

const NIGHT: NightRecord = {
  id: `place-cabin@${NIGHT_DATE}`,
  place_id: 'place-cabin',
  place_name: 'Cabin',
  lat: 69.65,
  lon: 18.96,
  night: NIGHT_DATE,
  level: 'GO',
  window_from: Date.parse(`${NIGHT_DATE}T21:00:00Z`),
  window_to: Date.parse(`${NEXT_DATE}T00:30:00Z`),
  line: 'Best tonight: 22:00–01:30 UTC+1 — 35 % overhead, clear, moon down',
  judged_at: Date.parse(`${NIGHT_DATE}T16:00:00Z`),
  outcome: null,
  seen_overhead: null,
  seen_visible: null,
  frames: 0,
  scored_at: null,
};

/** The account's row of a night as the server has it: `[{_deleted}]`, or `[]` when it has none. */
const serverRow = (id: string) =>
  h.stack().sql<{ _deleted: boolean }>('select _deleted from public.nights where id = $1', [id]);

describe('tonight’s kept verdicts follow a signed-in user', () => {
  it('pushes a night kept anonymously at sign-in, shows it on a second device, and its score comes back', async () => {
    const { email, userId } = await newUser();
    const a = await newDevice();
    await keepNightRecord(a, NIGHT);
    await signIn(a, email);
    const rows = await until(
      () =>
        h
          .stack()
          .sql<{ id: string; user_id: string; level: string; window_to: string }>(
            'select id, user_id::text, level, window_to::text from public.nights where id = $1',
            [NIGHT.id],
          ),
      (r) => r.length === 1,
    );
    expect(rows[0]).toEqual({
      id: NIGHT.id,
      user_id: userId,
      level: 'GO',
      window_to: String(NIGHT.window_to),
    });
    // One realm holds 13 collections: the first device goes away while the second is used.
    await h.stopSyncs();
    await a.close();
    const b = await newDevice();
    await signIn(b, email);
    await until(
      () => readNights(b),
      (v) => v.length === 1 && v[0]!.line === NIGHT.line,
    );
    await writeNightScore(b, NIGHT.id, {
      outcome: 'MAYBE',
      seen_overhead: 8,
      seen_visible: 14,
      frames: 40,
      scored_at: Date.parse(`${NEXT_DATE}T09:00:00Z`),
    });
    await until(
      () =>
        h
          .stack()
          .sql<{ outcome: string }>('select outcome from public.nights where id = $1', [NIGHT.id]),
      (r) => r[0]?.outcome === 'MAYBE',
    );
    await h.stopSyncs();
    await b.close();
    const again = await openDatabase({ name: a.name, storage: 'dexie', multiInstance: false });
    h.adopt(again);
    await signIn(again, email);
    await until(
      () => readNights(again),
      (v) => v[0]?.outcome === 'MAYBE' && v[0].frames === 40,
    );
  }, 60_000);

  it('shows a score made on another device after reopening one that went away before its push of the night was answered', async () => {
    const { email } = await newUser();
    // Ids are the table's primary key across accounts: each test keeps its own.
    const night = { ...NIGHT, id: `held@${NIGHT_DATE}`, place_id: 'held' };
    const a = await newDevice();
    await keepNightRecord(a, night);
    // The night reaches the account, but device A goes away before it hears so: A's replication
    // keeps no record of the push, and its next start pushes the night again and meets the row.
    const insert = heldAnswers(
      (method, url) => method === 'POST' && new URL(url).pathname === '/rest/v1/nights',
    );
    await signIn(a, email, { fetch: insert.fetch });
    await insert.answered;
    await h.stopSyncs();
    await a.close();
    insert.release();

    const b = await newDevice();
    await signIn(b, email);
    await until(
      () => readNights(b),
      (v) => v.length === 1 && v[0]!.id === night.id,
    );
    const score = {
      outcome: 'MAYBE',
      seen_overhead: 8,
      seen_visible: 14,
      frames: 40,
      scored_at: Date.parse(`${NEXT_DATE}T09:00:00Z`),
    } as const;
    await writeNightScore(b, night.id, score);
    const scoredRow = () =>
      h.stack().sql<{
        outcome: string;
        modified: string;
      }>('select outcome, _modified::text as modified from public.nights where id = $1', [night.id]);
    const [written] = await until(scoredRow, (r) => r[0]?.outcome === 'MAYBE');
    await h.stopSyncs();
    await b.close();

    const again = h.adopt(
      await openDatabase({ name: a.name, storage: 'dexie', multiInstance: false }),
    );
    await signIn(again, email);
    const [scored] = await until(
      () => readNights(again),
      (v) => v[0]?.outcome === 'MAYBE',
    );
    // The account's night as the document has it: none of the row's server-side columns.
    expect(scored).toEqual({ ...night, ...score });
    // Taken as the account has it, not written back to it once the replication has settled.
    for (const r of REPLICATION_STATE_BY_COLLECTION.get(await nightsCollection(again)) ?? [])
      await r.awaitInSync();
    expect(await scoredRow()).toEqual([written]);
  }, 60_000);

  it('keeps the night of two accounts at the same shared position apart, each in its own account', async () => {
    const one = await newUser();
    const two = await newUser();
    // The position shared on a device is kept at 0.1° (core/tonight/nightRecord.ts): two people in
    // one town the same night keep a record under the same id.
    const here = {
      ...NIGHT,
      id: `here:69.7,19.0@${NIGHT_DATE}`,
      place_id: 'here:69.7,19.0',
      place_name: 'Here',
    };
    const a = await newDevice();
    await keepNightRecord(a, here);
    await signIn(a, one.email);
    const rowsOf = () =>
      h.stack().sql<{
        user_id: string;
        level: string;
      }>('select user_id::text, level from public.nights where id = $1 order by level', [here.id]);
    await until(rowsOf, (r) => r.length === 1);
    // One realm holds 13 collections: the first device goes away while the second is used.
    await h.stopSyncs();
    await a.close();

    const b = await newDevice();
    await keepNightRecord(b, { ...here, level: 'MAYBE' });
    await signIn(b, two.email);
    expect(await until(rowsOf, (r) => r.length === 2)).toEqual([
      { user_id: one.userId, level: 'GO' },
      { user_id: two.userId, level: 'MAYBE' },
    ]);
  }, 60_000);

  it('keeps one user’s nights from another, and takes them off the device at sign-out', async () => {
    const owner = await newUser();
    const other = await newUser();
    const a = await newDevice();
    await keepNightRecord(a, { ...NIGHT, id: `secret@${NIGHT_DATE}`, place_id: 'secret' });
    const { sync } = await signIn(a, owner.email);
    await until(
      () => h.stack().sql('select 1 from public.nights where id = $1', [`secret@${NIGHT_DATE}`]),
      (r) => r.length === 1,
    );
    const client = testClient(h.stack().url, h.stack().anonKey);
    await client.auth.signInWithPassword({ email: other.email, password: STRONG_PASSWORD });
    const { data } = await client.from('nights').select('id');
    expect(data).toEqual([]);
    const { error } = await client
      .from('nights')
      .update({ level: 'NO' })
      .eq('id', `secret@${NIGHT_DATE}`)
      .select();
    expect(error).toBeNull();
    expect(
      await h
        .stack()
        .sql('select level from public.nights where id = $1', [`secret@${NIGHT_DATE}`]),
    ).toEqual([{ level: 'GO' }]);
    await sync.stop({ signOut: true });
    expect(await readNights(a)).toEqual([]);
    // Still in the account.
    expect(
      await h
        .stack()
        .sql('select _deleted from public.nights where id = $1', [`secret@${NIGHT_DATE}`]),
    ).toEqual([{ _deleted: false }]);
  }, 60_000);

  it('stops the nights sync with the places at sign-out, so the removal that follows never reaches the account', async () => {
    const { email } = await newUser();
    const a = await newDevice();
    const id = `cabin@${NIGHT_DATE}`;
    await keepNightRecord(a, { ...NIGHT, id });
    const { sync } = await signIn(a, email);
    await until(
      () => serverRow(id),
      (r) => r.length === 1,
    );
    const nights = await nightsCollection(a);

    await sync.stop({ signOut: true });
    expect(await readNights(a)).toEqual([]);
    // A nights sync still running now would push forgetNights' removal: it is let finish its work
    // before the account is looked at, so the answer does not depend on who is faster.
    const running = REPLICATION_STATE_BY_COLLECTION.get(nights) ?? [];
    for (const r of running) await r.awaitInSync();
    expect(await serverRow(id)).toEqual([{ _deleted: false }]);
    expect(running.map((r) => r.replicationIdentifier)).toEqual([]);
  }, 60_000);

  it('never starts the nights sync of a user who signed out while it waited for the collection, so the account keeps its nights', async () => {
    const { email } = await newUser();
    const a = await newDevice();
    const { client, sync } = await signIn(a, email);
    // The account's night, kept on another device; this one has shown no verdict yet, so its
    // nights sync waits for the collection (replicateNights: whenNightsCollection).
    const { error } = await client.from('nights').insert({ ...NIGHT, id: `kept@${NIGHT_DATE}` });
    expect(error).toBeNull();

    // Sign-out runs to its end (forgetNights included) while that sync still waits...
    await sync.stop({ signOut: true });
    // ...and only then is the collection made (a verdict shown after sign-out), which lets it go.
    const nights = await nightsCollection(a);
    // The held sync has decided by now (it resumed before this await returned): it never started.
    expect(
      (REPLICATION_STATE_BY_COLLECTION.get(nights) ?? []).map((r) => r.replicationIdentifier),
    ).toEqual([]);

    expect(await readNights(a)).toEqual([]);
    expect(await serverRow(`kept@${NIGHT_DATE}`)).toEqual([{ _deleted: false }]);
  }, 60_000);
});
