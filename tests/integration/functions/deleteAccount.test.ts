import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function callDelete(token: string | null, method = 'POST') {
  const headers: Record<string, string> = { apikey: stack.anonKey };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.url}/functions/v1/delete-account`, { method, headers });
  return {
    status: res.status,
    body: (await res.json()) as { deleted?: boolean; userId?: string; error?: string },
  };
}

async function signedUp() {
  const email = uniqueEmail('leaving');
  const client = testClient(stack.url, stack.anonKey);
  const up = await client.auth.signUp({ email, password: STRONG_PASSWORD });
  return { email, client, id: up.data.user!.id, token: up.data.session!.access_token };
}

async function leftovers(userId: string) {
  const [row] = await stack.sql<{
    users: number;
    profiles: number;
    pushes: number;
    wallets: number;
    sessions: number;
  }>(
    `select (select count(*)::int from auth.users where id = $1) as users,
            (select count(*)::int from public.profiles where id = $1::text) as profiles,
            (select count(*)::int from public.push_subscriptions where user_id = $1) as pushes,
            (select count(*)::int from public.wallet_accounts where user_id = $1) as wallets,
            (select count(*)::int from auth.sessions where user_id = $1) as sessions`,
    [userId],
  );
  return row!;
}

async function addPushSubscription(userId: string) {
  await stack.sql(
    'insert into public.push_subscriptions (endpoint, p256dh, auth, user_id) values ($1, $2, $3, $4)',
    [
      `https://push.example.invalid/${randomBytes(6).toString('hex')}`,
      randomBytes(65).toString('base64url'),
      randomBytes(16).toString('base64url'),
      userId,
    ],
  );
}

describe('delete-account', () => {
  it('deletes the caller with their profile, push subscriptions and sessions, and the password no longer signs in', async () => {
    const me = await signedUp();
    const bystander = await signedUp();
    await addPushSubscription(me.id);
    await addPushSubscription(bystander.id);
    expect(await leftovers(me.id)).toMatchObject({ users: 1, profiles: 1, pushes: 1, sessions: 1 });

    const res = await callDelete(me.token);
    expect(res).toEqual({ status: 200, body: { deleted: true, userId: me.id } });
    expect(await leftovers(me.id)).toEqual({
      users: 0,
      profiles: 0,
      pushes: 0,
      wallets: 0,
      sessions: 0,
    });
    expect(await leftovers(bystander.id)).toMatchObject({ users: 1, profiles: 1, pushes: 1 });

    const again = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email: me.email,
      password: STRONG_PASSWORD,
    });
    expect(again.error?.code).toBe('invalid_credentials');
    // The old token now names no one: a second call is refused, not repeated.
    expect((await callDelete(me.token)).status).toBe(401);
  });

  it('deletes a wallet account and frees the wallet for a fresh account', async () => {
    const wallet = Wallet.createRandom();
    const signIn = async () => {
      const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
      const { nonce } = (await (
        await fetch(`${stack.url}/functions/v1/siwe-verify/nonce`, { headers })
      ).json()) as { nonce: string };
      const message = new SiweMessage({
        domain: new URL(stack.url).host,
        address: wallet.address,
        uri: stack.url,
        version: '1',
        chainId: 1,
        nonce,
        issuedAt: new Date().toISOString(),
      }).prepareMessage();
      const res = await fetch(`${stack.url}/functions/v1/siwe-verify`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          message,
          signature: await wallet.signMessage(message),
          address: wallet.address,
          ensName: null,
        }),
      });
      return (await res.json()) as { userId: string; sessionToken: string };
    };
    const first = await signIn();
    expect((await callDelete(first.sessionToken)).status).toBe(200);
    expect(await leftovers(first.userId)).toMatchObject({ users: 0, wallets: 0 });
    const second = await signIn();
    expect(second.userId).not.toBe(first.userId);
  });

  it('refuses callers who are not a signed-in user, deleting nothing', async () => {
    const me = await signedUp();
    expect(await callDelete(null)).toEqual({
      status: 401,
      body: { error: 'Sign in to delete your account.' },
    });
    expect((await callDelete(stack.anonKey)).status).toBe(401);
    expect((await callDelete(stack.serviceRoleKey)).status).toBe(401);
    // A token signed with another secret, naming this user.
    const [h, p] = me.token.split('.');
    expect((await callDelete(`${h}.${p}.${randomBytes(32).toString('base64url')}`)).status).toBe(
      401,
    );
    // A signed-out session's token, though its signature is still good.
    const other = testClient(stack.url, stack.anonKey);
    const signedIn = await other.auth.signInWithPassword({
      email: me.email,
      password: STRONG_PASSWORD,
    });
    await other.auth.signOut();
    expect(await callDelete(signedIn.data.session!.access_token)).toEqual({
      status: 401,
      body: { error: 'Your session has ended. Sign in again to delete your account.' },
    });
    expect((await callDelete(me.token, 'GET')).status).toBe(405);
    expect(await leftovers(me.id)).toMatchObject({ users: 1, profiles: 1 });
  });
});
