import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { loopbackPeer } from '../../support/fromAddress.ts';
import { recordChanges } from '../../support/realtime.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

// Issue 21 item 13: anonymous sockets full of channels once held every connection of the pool
// sign-ins use (one RLS re-read per channel per change), and another user's sign-in took 21 s.
// Loopback only, bounded: 21 sockets, 120 channels, one change.

const CHANNELS_TOTAL = 120;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ realtimeLimits: { channelsTotal: CHANNELS_TOTAL } });
});
afterAll(async () => {
  await stack?.stop();
});

interface Reply {
  status: string;
  response: { reason?: string };
}

/** An anonymous realtime socket from a loopback address of its own, speaking Phoenix vsn 2.0.0 as realtime-js does. */
async function floodSocket(peer: number) {
  const url = new URL(stack.url);
  const ws = new WebSocket(
    `ws://127.0.0.1:${url.port}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`,
    { localAddress: loopbackPeer(peer) },
  );
  const status = await new Promise<number>((resolve, reject) => {
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
  const replies = new Map<string, Reply>();
  const changes: unknown[] = [];
  ws.on('message', (d) => {
    const [, ref, , event, payload] = JSON.parse(String(d)) as [
      string | null,
      string | null,
      string,
      string,
      unknown,
    ];
    if (event === 'phx_reply' && ref) replies.set(ref, payload as Reply);
    if (event === 'postgres_changes') changes.push(payload);
  });
  let ref = 0;
  const join = async (topic: string): Promise<Reply> => {
    const r = String(++ref);
    ws.send(
      JSON.stringify([
        r,
        r,
        `realtime:${topic}`,
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'places' }] } },
      ]),
    );
    while (!replies.has(r)) await new Promise((res) => setTimeout(res, 5));
    return replies.get(r)!;
  };
  return { status, join, changes, close: () => ws.terminate() };
}

/** Polls `sql` until it returns a row (the test's timeout bounds the wait). */
async function until<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  for (;;) {
    const rows = await stack.sql<T>(sql, params);
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('realtime under a flood of anonymous sockets', () => {
  it('refuses the eleventh socket from one address and any channel past the total, and another user signs in while every realtime read waits on the database', async () => {
    // The owner of a place, subscribed to their places through supabase-js.
    const owner = testClient(stack.url, stack.anonKey);
    const signedUp = await owner.auth.signUp({
      email: uniqueEmail('place-owner'),
      password: STRONG_PASSWORD,
    });
    expect(signedUp.error).toBeNull();
    const ownerId = signedUp.data.user!.id;
    const ownerFeed = await recordChanges(owner, 'places', 'owner-places');

    // Ten sockets from 127.0.0.2 and ten from 127.0.0.3; an eleventh from either is refused.
    const flood = [];
    for (const peer of [2, 3])
      for (let i = 0; i < 10; i++) {
        const s = await floodSocket(peer);
        expect(s.status).toBe(101);
        flood.push(s);
      }
    expect((await floodSocket(2)).status).toBe(429);
    const last = await floodSocket(4);
    expect(last.status).toBe(101);
    flood.push(last);

    // Channels up to the server's total (the owner's holds one), then none.
    let joined = 1;
    for (let i = 0; joined < CHANNELS_TOTAL; i++) {
      const s = flood[i % flood.length]!;
      expect((await s.join(`flood-${i}`)).status).toBe('ok');
      joined++;
    }
    expect(await last.join('one-too-many')).toEqual({
      status: 'error',
      response: { reason: `Too many channels on this server: at most ${CHANNELS_TOTAL} in all` },
    });

    // A place is inserted; before its change is read back for the subscribers, a lock queued
    // behind the insert takes the table, so every RLS re-read waits.
    const writer = new pg.Client({ connectionString: stack.databaseUrl });
    const locker = new pg.Client({ connectionString: stack.databaseUrl });
    await writer.connect();
    await locker.connect();
    try {
      await writer.query('begin');
      await writer.query(
        `insert into public.places (id, user_id, name, lat, lon, kind) values ('flooded-place', $1, 'Tromsø', 69.65, 18.96, 'picked')`,
        [ownerId],
      );
      await locker.query('begin');
      const locked = locker.query('lock table public.places in access exclusive mode');
      await until(
        `select 1 from pg_locks where relation = 'public.places'::regclass and not granted`,
      );
      await writer.query('commit');
      await locked;
      const waiting = await until<{ application_name: string; n: string }>(
        `select a.application_name, count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.relation = 'public.places'::regclass and not l.granted group by a.application_name`,
      );
      // Only realtime's own connections wait, at most two of them.
      expect(waiting).toEqual([{ application_name: 'aurora realtime', n: expect.any(String) }]);
      expect(Number(waiting[0]!.n)).toBeLessThanOrEqual(2);

      // Meanwhile another person signs up, signs in and reads their profile.
      const other = testClient(stack.url, stack.anonKey);
      const email = uniqueEmail('bystander');
      expect((await other.auth.signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
      const signedIn = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
        email,
        password: STRONG_PASSWORD,
      });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.session?.access_token).toBeTruthy();
      const profile = await other.from('profiles').select('id');
      expect(profile.data).toEqual([{ id: signedIn.data.user!.id }]);
      await locker.query('commit');
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await Promise.all([writer.end(), locker.end()]);
    }

    // Once the table is free, the owner hears of their place and no anonymous socket does.
    const seen = await ownerFeed.waitFor(
      (e) => e.eventType === 'INSERT' && (e.new as { id?: string }).id === 'flooded-place',
    );
    expect(seen.new).toMatchObject({ user_id: ownerId, name: 'Tromsø' });
    expect(flood.flatMap((s) => s.changes)).toEqual([]);
    for (const s of flood) s.close();
  });
});
