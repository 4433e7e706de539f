/**
 * After an account is deleted its access token stays valid until it expires (an hour): it must get
 * 4xx everywhere and leave no row of the user behind (issue 21 item 5).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { PUSH_ALLOWED_HOSTS: 'push.example.invalid' } });
});
afterAll(async () => {
  await stack?.stop();
});

function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.invalid/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    kpThreshold: 6,
    location: { lat: 69.6, lon: 18.9 },
  };
}

async function call(path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Every row anywhere that belongs to the user, by table. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const [row] = await stack.sql<Record<string, number>>(
    `select (select count(*)::int from auth.users where id = $1) as users,
            (select count(*)::int from auth.identities where user_id = $1) as identities,
            (select count(*)::int from auth.sessions where user_id = $1) as sessions,
            (select count(*)::int from auth.refresh_tokens where user_id = $1::text) as refresh_tokens,
            (select count(*)::int from public.profiles where id = $1::text) as profiles,
            (select count(*)::int from public.places where user_id = $1) as places,
            (select count(*)::int from public.push_subscriptions where user_id = $1) as push_subscriptions,
            (select count(*)::int from public.function_requests where user_id = $1 or scope like '%' || $1::text || '%') as function_requests,
            (select count(*)::int from public.wallet_accounts where user_id = $1) as wallet_accounts`,
    [userId],
  );
  return row!;
}

describe('a deleted account’s token', () => {
  it('gets 4xx on REST, functions and auth, re-creates nothing, and no row of the user remains — idempotency record included', async () => {
    const client = testClient(stack.url, stack.anonKey);
    const up = await client.auth.signUp({ email: uniqueEmail('gone'), password: STRONG_PASSWORD });
    const id = up.data.user!.id;
    const token = up.data.session!.access_token;

    // The user's data before: a place, a push subscription sent with an Idempotency-Key.
    const place = { id: randomUUID(), name: 'Abisko', lat: 68.35, lon: 18.83, kind: 'picked' };
    expect(
      (await call('/rest/v1/places', token, { method: 'POST', body: JSON.stringify(place) }))
        .status,
    ).toBe(201);
    const sub = subscription();
    const subscribed = await call('/functions/v1/push-subscription', token, {
      method: 'POST',
      body: JSON.stringify(sub),
      headers: { 'idempotency-key': 'before-deletion' },
    });
    expect(subscribed.status).toBe(201);
    expect(await rowsOf(id)).toMatchObject({
      users: 1,
      profiles: 1,
      places: 1,
      push_subscriptions: 1,
      function_requests: 1,
    });

    expect((await call('/functions/v1/delete-account', token, { method: 'POST' })).status).toBe(
      200,
    );
    const none = {
      users: 0,
      identities: 0,
      sessions: 0,
      refresh_tokens: 0,
      profiles: 0,
      places: 0,
      push_subscriptions: 0,
      function_requests: 0,
      wallet_accounts: 0,
    };
    expect(await rowsOf(id)).toEqual(none);

    const after = [
      ['read my profile', await call(`/rest/v1/profiles?id=eq.${id}&select=*`, token)],
      [
        're-create my profile',
        await call('/rest/v1/profiles', token, { method: 'POST', body: JSON.stringify({ id }) }),
      ],
      [
        'save a place',
        await call('/rest/v1/places', token, {
          method: 'POST',
          body: JSON.stringify({ ...place, id: randomUUID() }),
        }),
      ],
      [
        'subscribe again with a new key',
        await call('/functions/v1/push-subscription', token, {
          method: 'POST',
          body: JSON.stringify(subscription()),
          headers: { 'idempotency-key': 'after-deletion' },
        }),
      ],
      [
        'subscribe again without a key',
        await call('/functions/v1/push-subscription', token, {
          method: 'POST',
          body: JSON.stringify(subscription()),
        }),
      ],
      [
        'unsubscribe',
        await call('/functions/v1/push-subscription', token, {
          method: 'DELETE',
          body: JSON.stringify({ endpoint: sub.endpoint }),
        }),
      ],
      [
        'delete the account again',
        await call('/functions/v1/delete-account', token, { method: 'POST' }),
      ],
      ['ask auth who I am', await call('/auth/v1/user', token)],
    ] as const;
    // REST says why, on reads as on writes.
    expect(after[0][1]).toMatchObject({ status: 401 });
    expect(JSON.stringify(after[0][1].body)).toContain('This account no longer exists');
    for (const [what, answer] of after) {
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
    }
    expect(await rowsOf(id)).toEqual(none);
  });

  it('cannot leave an orphan profile even where the API is bypassed: the database refuses it', async () => {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const ghost = randomUUID();
    try {
      await db.query('begin');
      await db.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: ghost, role: 'authenticated' }),
      ]);
      await db.query('set local role authenticated');
      await expect(
        db.query('insert into public.profiles (id) values ($1)', [ghost]),
      ).rejects.toMatchObject({
        code: '23503',
      });
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });
});
