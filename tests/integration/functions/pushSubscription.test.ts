import { createECDH, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../helpers/clients.ts';
import { startTestStack, type TestStack } from '../helpers/startTestStack.ts';

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
    endpoint: `https://push.example.test/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    ...extra,
  };
}

function call(method: 'POST' | 'DELETE', body: unknown, token: string, headers: Record<string, string> = {}) {
  return fetch(`${stack.url}/functions/v1/push-subscription`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function signedUp(name: string): Promise<[SupabaseClient, string, string]> {
  const client = testClient(stack.url, stack.anonKey);
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(name), password: STRONG_PASSWORD });
  if (error) throw error;
  return [client, data.user!.id, data.session!.access_token];
}

beforeAll(async () => {
  stack = await startTestStack();
  [alice, aliceId, aliceToken] = await signedUp('alice');
  [bob, , bobToken] = await signedUp('bob');
});
afterAll(async () => {
  await stack?.stop();
});

describe('push-subscription on the local stack', () => {
  it('stores a signed-in user\'s subscription with a coarse cell, and updates it in place', async () => {
    const sub = subscription({ kpThreshold: 6, location: { lat: 69.6492, lon: 18.9553 } });
    const created = await call('POST', sub, aliceToken);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ subscription: { endpoint: sub.endpoint, userId: aliceId, kpThreshold: 6, locationCell: { lat: 70, lon: 19 } } });

    const updated = await call('POST', { ...sub, kpThreshold: 4.33 }, aliceToken);
    expect(updated.status).toBe(200);
    const rows = await stack.sql<{ user_id: string; kp_threshold: string; cell_lat: number; cell_lon: number }>(
      'select user_id, kp_threshold, cell_lat, cell_lon from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(rows).toEqual([{ user_id: aliceId, kp_threshold: '4.33', cell_lat: 70, cell_lon: 19 }]);
  });

  it('stores an anonymous subscription without a user', async () => {
    const sub = subscription();
    expect((await call('POST', sub, stack.anonKey)).status).toBe(201);
    const [row] = await stack.sql<{ user_id: string | null; kp_threshold: string }>('select user_id, kp_threshold from push_subscriptions where endpoint = $1', [sub.endpoint]);
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
    const forged = await bob.from('push_subscriptions').insert({ endpoint: 'https://push.example.test/forged', p256dh: 'x', auth: 'y' });
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
    expect(await stack.sql('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  it('applies a request replayed with the same Idempotency-Key only once', async () => {
    const sub = subscription();
    const key = crypto.randomUUID();
    const first = await call('POST', sub, aliceToken, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect((await call('DELETE', { endpoint: sub.endpoint }, aliceToken, { 'idempotency-key': crypto.randomUUID() })).status).toBe(200);

    const replay = await call('POST', sub, aliceToken, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await stack.sql('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint])).toEqual([]);
  });

  it('answers 409 while a replayed key is still being handled, and takes over a claim whose run died', async () => {
    const busy = crypto.randomUUID();
    const dead = crypto.randomUUID();
    await stack.sql('insert into function_requests (scope, key) values ($1, $2)', [`push-subscription:${aliceId}`, busy]);
    await stack.sql("insert into function_requests (scope, key, created_at) values ($1, $2, now() - interval '2 minutes')", [`push-subscription:${aliceId}`, dead]);
    const waiting = await call('POST', subscription(), aliceToken, { 'idempotency-key': busy });
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({ error: 'A request with this Idempotency-Key is still in progress' });
    const sub = subscription();
    expect((await call('POST', sub, aliceToken, { 'idempotency-key': dead })).status).toBe(201);
    const [row] = await stack.sql<{ status: number }>('select status from function_requests where key = $1', [dead]);
    expect(row?.status).toBe(201);
  });

  it('answers bad bodies and bad sessions with clear errors', async () => {
    const bad = await call('POST', { endpoint: 'https://push.example.test/x', keys: { p256dh: 'nope', auth: 'nope' } }, aliceToken);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'keys.p256dh must be a base64url P-256 public key' });
    const forged = await call('POST', subscription(), `${aliceToken.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });
});
