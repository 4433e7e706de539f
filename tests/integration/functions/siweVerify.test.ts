import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

const DOMAIN = 'aurora.test';
const URI = 'https://aurora.test';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ functionEnv: { SIWE_DOMAIN: DOMAIN, SIWE_URI: URI } });
});
afterAll(async () => {
  await stack?.stop();
});

interface VerifyResponse {
  success: boolean;
  error: string | null;
  sessionToken?: string;
  address?: string;
  userId?: string;
  ensName?: string | null;
  profile?: { id: string; email: string | null } | null;
  session?: { access_token: string; refresh_token: string; expires_in: number };
}

async function issueNonce(
  method: 'GET' | 'POST' = 'GET',
  path = 'siwe-verify/nonce',
): Promise<string> {
  const res = await fetch(`${stack.url}/functions/v1/${path}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    nonce: string;
    domain: string;
    uri: string;
    expiresAt: string;
  };
  expect(body).toMatchObject({ domain: DOMAIN, uri: URI });
  expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  return body.nonce;
}

async function signIn(
  wallet: Wallet,
  nonce: string,
  fields: Partial<SiweMessage> = {},
  signer: Wallet = wallet,
) {
  const message = new SiweMessage({
    domain: DOMAIN,
    address: wallet.address,
    statement: 'Sign in to Aurora',
    uri: URI,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date().toISOString(),
    ...fields,
  }).prepareMessage();
  const signature = await signer.signMessage(message);
  return post({ message, signature, address: wallet.address, ensName: 'aurora-fan.eth' });
}

async function post(body: unknown): Promise<{ status: number; body: VerifyResponse }> {
  const res = await fetch(`${stack.url}/functions/v1/siwe-verify`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as VerifyResponse };
}

describe('siwe-verify on the local stack', () => {
  const wallet = Wallet.createRandom();

  it('signs a wallet in: a real session for the synthetic user, with the profile created', async () => {
    const { status, body } = await signIn(new Wallet(wallet.privateKey), await issueNonce());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      error: null,
      address: wallet.address,
      ensName: 'aurora-fan.eth',
    });
    const email = `${wallet.address.toLowerCase()}@ethereum.local`;
    // The synthetic email is the account's handle, not an address to show.
    expect(body.profile).toMatchObject({ id: body.userId, email: null });

    const client = testClient(stack.url, stack.anonKey);
    const set = await client.auth.setSession({
      access_token: body.sessionToken!,
      refresh_token: body.session!.refresh_token,
    });
    expect(set.error).toBeNull();
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({
      id: body.userId,
      email,
      app_metadata: { provider: 'ethereum', wallet_address: wallet.address.toLowerCase() },
    });
    const own = await client.from('profiles').select('id');
    expect(own.data).toEqual([{ id: body.userId }]);

    const [user] = await stack.sql<{ provider: string }>(
      "select raw_app_meta_data->>'provider' as provider from auth.users where id = $1",
      [body.userId],
    );
    expect(user?.provider).toBe('ethereum');
  });

  it('signs the same wallet in again as the same user', async () => {
    const first = await signIn(
      new Wallet(wallet.privateKey),
      await issueNonce('POST', 'siwe-nonce'),
    );
    const second = await signIn(new Wallet(wallet.privateKey), await issueNonce());
    expect(first.body.success && second.body.success).toBe(true);
    expect(second.body.userId).toBe(first.body.userId);
  });

  it('rejects a replayed nonce', async () => {
    const w = Wallet.createRandom();
    const signer = new Wallet(w.privateKey);
    const nonce = await issueNonce();
    const message = new SiweMessage({
      domain: DOMAIN,
      address: w.address,
      uri: URI,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    const request = {
      message,
      signature: await signer.signMessage(message),
      address: w.address,
      ensName: null,
    };
    expect((await post(request)).body.success).toBe(true);
    expect(await post(request)).toEqual({
      status: 401,
      body: { success: false, error: 'Nonce has already been used' },
    });
  });

  it('rejects a nonce the server never issued, and one that has expired', async () => {
    const w = new Wallet(Wallet.createRandom().privateKey);
    expect((await signIn(w, 'NeverIssued123')).body).toEqual({
      success: false,
      error: 'Unknown nonce; request a new one',
    });
    const nonce = await issueNonce();
    await stack.sql(
      "update siwe_nonces set expires_at = now() - interval '1 second' where nonce = $1",
      [nonce],
    );
    expect((await signIn(w, nonce)).body).toEqual({
      success: false,
      error: 'Nonce has expired; request a new one',
    });
  });

  it('rejects a message for another domain without spending the nonce', async () => {
    const w = new Wallet(Wallet.createRandom().privateKey);
    const nonce = await issueNonce();
    expect(await signIn(w, nonce, { domain: 'evil.test' })).toEqual({
      status: 401,
      body: { success: false, error: 'Message is for a different domain' },
    });
    expect((await signIn(w, nonce)).body.success).toBe(true);
  });

  it('rejects an expired message', async () => {
    const w = new Wallet(Wallet.createRandom().privateKey);
    const res = await signIn(w, await issueNonce(), {
      expirationTime: new Date(Date.now() - 1000).toISOString(),
    });
    expect(res).toEqual({ status: 401, body: { success: false, error: 'Message has expired' } });
  });

  it('rejects a bad signature', async () => {
    const w = new Wallet(Wallet.createRandom().privateKey);
    const res = await signIn(
      w,
      await issueNonce(),
      {},
      new Wallet(Wallet.createRandom().privateKey),
    );
    expect(res).toEqual({
      status: 401,
      body: { success: false, error: 'Signature does not match the address of the message' },
    });
  });

  it('keeps nonces out of reach of clients', async () => {
    const res = await fetch(`${stack.url}/rest/v1/siwe_nonces?select=nonce`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
