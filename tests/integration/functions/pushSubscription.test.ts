import { createECDH, createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
let alice: SupabaseClient;
let bob: SupabaseClient;
let aliceId: string;
let aliceToken: string;
let bobToken: string;

function subscription(extra: Record<string, unknown> = {}) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.invalid/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    ...extra,
  };
}

const newSecret = () => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function call(
  method: 'POST' | 'DELETE',
  body: unknown,
  token: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${stack.url}/functions/v1/push-subscription`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

async function signedUp(name: string): Promise<[SupabaseClient, string, string]> {
  const client = testClient(stack.url, stack.anonKey);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(name),
    password: STRONG_PASSWORD,
  });
  if (error) throw error;
  return [client, data.user!.id, data.session!.access_token];
}

beforeAll(async () => {
  // The test push service's host is on the allow-list (no DNS here); everything else is checked.
  stack = await startTestStack({ functionEnv: { PUSH_ALLOWED_HOSTS: 'push.example.invalid' } });
  [alice, aliceId, aliceToken] = await signedUp('alice');
  [bob, , bobToken] = await signedUp('bob');
});
afterAll(async () => {
  await stack?.stop();
});

describe('push-subscription on the local stack', () => {
  it("stores a signed-in user's subscription with a coarse cell, and updates it in place", async () => {
    const sub = subscription({ kpThreshold: 6, location: { lat: 69.6492, lon: 18.9553 } });
    const created = await call('POST', sub, aliceToken);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      subscription: {
        endpoint: sub.endpoint,
        userId: aliceId,
        kpThreshold: 6,
        locationCell: { lat: 70, lon: 19 },
      },
    });

    const updated = await call('POST', { ...sub, kpThreshold: 4.33 }, aliceToken);
    expect(updated.status).toBe(200);
    const rows = await stack.sql<{
      user_id: string;
      kp_threshold: string;
      cell_lat: number;
      cell_lon: number;
    }>(
      'select user_id, kp_threshold, cell_lat, cell_lon from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(rows).toEqual([{ user_id: aliceId, kp_threshold: '4.33', cell_lat: 70, cell_lon: 19 }]);
  });

  it('stores an anonymous subscription without a user', async () => {
    const sub = subscription();
    expect((await call('POST', sub, stack.anonKey)).status).toBe(201);
    const [row] = await stack.sql<{ user_id: string | null; kp_threshold: string }>(
      'select user_id, kp_threshold from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(row).toEqual({ user_id: null, kp_threshold: '5.00' });
  });

  it('lets owners read only their own subscriptions through REST, and nobody else any', async () => {
    const mine = await alice.from('push_subscriptions').select('user_id');
    expect(mine.error).toBeNull();
    expect(mine.data!.length).toBeGreaterThan(0);
    expect(mine.data!.every((r) => r.user_id === aliceId)).toBe(true);
    expect((await bob.from('push_subscriptions').select('id')).data).toEqual([]);
    const anon = await testClient(stack.url, stack.anonKey).from('push_subscriptions').select('id');
    expect(anon.data ?? []).toEqual([]);
    const forged = await bob
      .from('push_subscriptions')
      .insert({ endpoint: 'https://push.example.invalid/forged', p256dh: 'x', auth: 'y' });
    expect(forged.error).not.toBeNull();
  });

  it('refuses to let another account remove a subscription, and lets the owner remove it', async () => {
    const sub = subscription();
    await call('POST', sub, aliceToken);
    const byBob = await call('DELETE', { endpoint: sub.endpoint }, bobToken);
    expect(byBob.status).toBe(403);
    expect(await byBob.json()).toEqual({ error: 'This subscription belongs to another account' });
    const byAlice = await call('DELETE', { endpoint: sub.endpoint }, aliceToken);
    expect(await byAlice.json()).toEqual({ deleted: true });
    expect(
      await stack.sql('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint]),
    ).toEqual([]);
  });

  it('applies a request replayed with the same Idempotency-Key only once', async () => {
    const sub = subscription();
    const key = crypto.randomUUID();
    const first = await call('POST', sub, aliceToken, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(
      (
        await call('DELETE', { endpoint: sub.endpoint }, aliceToken, {
          'idempotency-key': crypto.randomUUID(),
        })
      ).status,
    ).toBe(200);

    const replay = await call('POST', sub, aliceToken, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(
      await stack.sql('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint]),
    ).toEqual([]);
  });

  it('answers 409 while a replayed key is still being handled, and takes over a claim whose run died', async () => {
    const busy = crypto.randomUUID();
    const dead = crypto.randomUUID();
    await stack.sql('insert into function_requests (scope, key) values ($1, $2)', [
      `push-subscription:${aliceId}`,
      busy,
    ]);
    await stack.sql(
      "insert into function_requests (scope, key, created_at) values ($1, $2, now() - interval '2 minutes')",
      [`push-subscription:${aliceId}`, dead],
    );
    const waiting = await call('POST', subscription(), aliceToken, { 'idempotency-key': busy });
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({
      error: 'A request with this Idempotency-Key is still in progress',
    });
    const sub = subscription();
    expect((await call('POST', sub, aliceToken, { 'idempotency-key': dead })).status).toBe(201);
    const [row] = await stack.sql<{ status: number }>(
      'select status from function_requests where key = $1',
      [dead],
    );
    expect(row?.status).toBe(201);
  });

  it('answers bad bodies and bad sessions with clear errors', async () => {
    const bad = await call(
      'POST',
      { endpoint: 'https://push.example.invalid/x', keys: { p256dh: 'nope', auth: 'nope' } },
      aliceToken,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'keys.p256dh must be a base64url P-256 public key' });
    const forged = await call('POST', subscription(), `${aliceToken.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });

  it('refuses to let another account re-own a subscription or change its threshold', async () => {
    const sub = subscription({ kpThreshold: 6 });
    expect((await call('POST', sub, aliceToken)).status).toBe(201);
    const takeover = await call('POST', { ...sub, kpThreshold: 9 }, bobToken);
    expect(takeover.status).toBe(403);
    expect(await takeover.json()).toEqual({
      error: 'This subscription belongs to another account',
    });
    const byAnon = await call('POST', { ...sub, kpThreshold: 9 }, stack.anonKey);
    expect(byAnon.status).toBe(403);
    const rows = await stack.sql<{ user_id: string; kp_threshold: string }>(
      'select user_id, kp_threshold from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(rows).toEqual([{ user_id: aliceId, kp_threshold: '6.00' }]);
  });

  it("lets only the browser holding an anonymous subscription's secret change or remove it, and stores only the secret's hash", async () => {
    const secret = newSecret();
    const sub = subscription({ secret });
    expect((await call('POST', sub, stack.anonKey)).status).toBe(201);
    const [row] = await stack.sql<{ secret_hash: string }>(
      'select secret_hash from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(row?.secret_hash).toBe(sha256(secret));
    expect(
      JSON.stringify(
        await stack.sql('select * from push_subscriptions where endpoint = $1', [sub.endpoint]),
      ),
    ).not.toContain(secret);

    const stranger = {
      error: 'This subscription can only be changed from the browser that subscribed it',
    };
    for (const attempt of [
      call('POST', { ...sub, secret: undefined, kpThreshold: 0 }, stack.anonKey),
      call('POST', { ...sub, secret: newSecret(), kpThreshold: 0 }, stack.anonKey),
      call('POST', { ...sub, secret: undefined, kpThreshold: 0 }, bobToken),
      call('DELETE', { endpoint: sub.endpoint }, stack.anonKey),
      call('DELETE', { endpoint: sub.endpoint, secret: newSecret() }, bobToken),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(stranger);
    }
    expect((await call('POST', { ...sub, kpThreshold: 7 }, stack.anonKey)).status).toBe(200);
    const [updated] = await stack.sql<{ kp_threshold: string; user_id: null }>(
      'select kp_threshold, user_id from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(updated).toEqual({ kp_threshold: '7.00', user_id: null });
    expect(
      await (await call('DELETE', { endpoint: sub.endpoint, secret }, stack.anonKey)).json(),
    ).toEqual({ deleted: true });
  });

  it('issues a secret once when the client brings none: replays of that answer do not repeat it', async () => {
    const sub = subscription();
    const key = crypto.randomUUID();
    const created = await call('POST', sub, stack.anonKey, { 'idempotency-key': key });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await stack.sql<{ secret_hash: string }>(
      'select secret_hash from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(row?.secret_hash).toBe(sha256(secret));
    const replay = await call('POST', sub, stack.anonKey, { 'idempotency-key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).not.toHaveProperty('secret');
    expect(
      JSON.stringify(
        await stack.sql('select response from function_requests where key = $1', [key]),
      ),
    ).not.toContain(secret);
    expect((await call('POST', { ...sub, kpThreshold: 3, secret }, stack.anonKey)).status).toBe(
      200,
    );
  });

  it('keeps subscriptions stored before secrets working for their owner, and lets an anonymous one adopt the first secret', async () => {
    const owned = subscription();
    const anonymous = subscription();
    for (const [sub, user] of [
      [owned, aliceId],
      [anonymous, null],
    ] as const) {
      await stack.sql(
        'insert into push_subscriptions (endpoint, p256dh, auth, user_id) values ($1, $2, $3, $4)',
        [sub.endpoint, sub.keys.p256dh, sub.keys.auth, user],
      );
    }
    expect((await call('POST', { ...owned, kpThreshold: 8 }, bobToken)).status).toBe(403);
    expect(
      (await call('POST', { ...owned, kpThreshold: 8, secret: newSecret() }, stack.anonKey)).status,
    ).toBe(403);
    expect((await call('POST', { ...owned, kpThreshold: 4 }, aliceToken)).status).toBe(200);

    const secret = newSecret();
    expect((await call('POST', { ...anonymous, secret }, stack.anonKey)).status).toBe(200);
    expect((await call('POST', { ...anonymous, secret: newSecret() }, stack.anonKey)).status).toBe(
      403,
    );
    expect((await call('DELETE', { endpoint: anonymous.endpoint }, stack.anonKey)).status).toBe(
      403,
    );
    expect(
      (await call('DELETE', { endpoint: anonymous.endpoint, secret }, stack.anonKey)).status,
    ).toBe(200);
  });

  it("never replays one anonymous caller's stored answer to another who reuses the same Idempotency-Key", async () => {
    const key = crypto.randomUUID();
    const first = subscription({ secret: newSecret(), kpThreshold: 2 });
    const second = subscription({ secret: newSecret(), kpThreshold: 8 });
    expect((await call('POST', first, stack.anonKey, { 'idempotency-key': key })).status).toBe(201);
    const other = await call('POST', second, stack.anonKey, { 'idempotency-key': key });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(await other.json()).toMatchObject({
      subscription: { endpoint: second.endpoint, kpThreshold: 8 },
    });
    // A legacy client without a secret is scoped by its own request: another body is another answer.
    const bare = subscription();
    expect((await call('POST', bare, stack.anonKey, { 'idempotency-key': key })).status).toBe(201);
    expect(
      await stack.sql('select 1 from push_subscriptions where endpoint = any($1)', [
        [second.endpoint, bare.endpoint],
      ]),
    ).toHaveLength(2);
  });

  it('refuses endpoints on loopback, private and metadata addresses, with credentials or over http, storing nothing', async () => {
    const cases: [string, string][] = [
      [
        'https://169.254.169.254/latest/meta-data/',
        'endpoint must be a public address (not loopback, private, link-local or metadata)',
      ],
      [
        'https://127.0.0.1:8787/functions/v1/kp-alert-sender',
        'endpoint must be a public address (not loopback, private, link-local or metadata)',
      ],
      [
        'https://[::ffff:10.0.0.1]/push',
        'endpoint must be a public address (not loopback, private, link-local or metadata)',
      ],
      [
        'https://2130706433/push',
        'endpoint must be a public address (not loopback, private, link-local or metadata)',
      ],
      ['https://internal.push.invalid/push', 'endpoint host could not be resolved'],
      [
        'https://user:pw@push.example.invalid/push',
        'endpoint must not contain a user name or password',
      ],
      ['http://push.example.invalid/push', 'endpoint must be an https URL'],
    ];
    for (const [endpoint, error] of cases) {
      const res = await call('POST', subscription({ endpoint }), aliceToken);
      expect([endpoint, res.status, await res.json()]).toEqual([endpoint, 400, { error }]);
    }
    expect(
      await stack.sql('select 1 from push_subscriptions where endpoint = any($1)', [
        cases.map(([e]) => e),
      ]),
    ).toEqual([]);
  });

  it('answers an expiration time no date can hold with 400 and a message', async () => {
    const res = await call('POST', subscription({ expirationTime: 1e20 }), aliceToken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error:
        'expirationTime must be null or a time in milliseconds since 1970, before the year 10000',
    });
  });
});
