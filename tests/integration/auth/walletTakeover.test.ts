import { Wallet, type HDNodeWallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * Issue 11 item 1: an account registered at `<address>@ethereum.local` before a wallet's first
 * sign-in used to receive that wallet. The wallet's account now comes from its verified address.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

type AnyWallet = Wallet | HDNodeWallet;

const synthetic = (w: AnyWallet) => `${w.address.toLowerCase()}@ethereum.local`;
const host = () => new URL(stack.url).host;

async function siweMessage(wallet: AnyWallet, nonce: string) {
  const message = new SiweMessage({
    domain: host(),
    address: wallet.address,
    statement: 'Sign in to Aurora',
    uri: stack.url,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date().toISOString(),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

interface Verified {
  success: boolean;
  error: string | null;
  userId?: string;
  session?: { access_token: string; refresh_token: string };
}

/** A single-use nonce from the server (both sign-ins accept only those). */
async function serverNonce(): Promise<string> {
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  return (
    (await (await fetch(`${stack.url}/functions/v1/siwe-verify/nonce`, { headers })).json()) as {
      nonce: string;
    }
  ).nonce;
}

async function siweVerify(wallet: AnyWallet): Promise<Verified> {
  const headers = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  const nonce = await serverNonce();
  const res = await fetch(`${stack.url}/functions/v1/siwe-verify`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(await siweMessage(wallet, nonce)),
      address: wallet.address,
      ensName: null,
    }),
  });
  const body = (await res.json()) as Verified;
  expect(res.status, body.error ?? '').toBe(200);
  return body;
}

async function auth(path: string, body: unknown, token = stack.anonKey, method = 'POST') {
  const res = await fetch(`${stack.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error_code?: string; msg?: string } };
}

const refusedClearly = (r: { status: number; body: { error_code?: string; msg?: string } }) => {
  expect(r.status).toBe(400);
  expect(r.body.error_code).toBe('email_address_invalid');
  expect(r.body.msg).toMatch(/belong to Ethereum wallet accounts/);
};

describe('a wallet account cannot be taken over through its synthetic email', () => {
  it('refuses a password sign-up at a wallet address before the wallet ever signed in', async () => {
    const wallet = Wallet.createRandom();
    const r = await testClient(stack.url, stack.anonKey).auth.signUp({
      email: synthetic(wallet),
      password: STRONG_PASSWORD,
    });
    expect(r.data.session).toBeNull();
    expect(r.error?.status).toBe(400);
    expect(r.error?.code).toBe('email_address_invalid');
    // Case and subdomain tricks are the same address.
    refusedClearly(
      await auth('/signup', { email: synthetic(wallet).toUpperCase(), password: STRONG_PASSWORD }),
    );
    refusedClearly(
      await auth('/signup', {
        email: `${wallet.address}@x.ethereum.local`,
        password: STRONG_PASSWORD,
      }),
    );
    const [row] = await stack.sql(
      'select count(*)::int as n from auth.users where lower(email) like $1',
      [`${wallet.address.toLowerCase()}%`],
    );
    expect(row!.n).toBe(0);
  });

  it('signs the wallet in to its own account even when an older account holds its synthetic email', async () => {
    const wallet = Wallet.createRandom();
    // An account registered at the address before the fix (the service role can still make one).
    const admin = await auth(
      '/admin/users',
      { email: synthetic(wallet), password: STRONG_PASSWORD, email_confirm: true },
      stack.serviceRoleKey,
    );
    expect(admin.status).toBe(200);
    const squatter = (admin.body as unknown as { id: string }).id;

    const first = await siweVerify(wallet);
    expect(first.success).toBe(true);
    expect(first.userId).not.toBe(squatter);
    const again = await siweVerify(wallet);
    expect(again.userId).toBe(first.userId);

    // The squatter's password no longer opens anything at the wallet's address…
    refusedClearly(
      await auth('/token?grant_type=password', {
        email: synthetic(wallet),
        password: STRONG_PASSWORD,
      }),
    );
    // …and even a session of the old account sees none of the wallet's data.
    const wallets = await stack.sql('select user_id from wallet_accounts where address = $1', [
      wallet.address.toLowerCase(),
    ]);
    expect(wallets).toEqual([{ user_id: first.userId }]);
    const owner = testClient(stack.url, stack.anonKey);
    await owner.auth.setSession({
      access_token: first.session!.access_token,
      refresh_token: first.session!.refresh_token,
    });
    const own = await owner.from('profiles').select('id');
    expect(own.data).toEqual([{ id: first.userId }]);
  });

  it('refuses magic links, codes, recovery and email changes at a wallet address', async () => {
    const wallet = Wallet.createRandom();
    const signedIn = await siweVerify(wallet);
    refusedClearly(await auth('/otp', { email: synthetic(wallet), create_user: true }));
    refusedClearly(await auth('/magiclink', { email: synthetic(wallet) }));
    refusedClearly(await auth('/recover', { email: synthetic(wallet) }));
    refusedClearly(await auth('/resend', { email: synthetic(wallet), type: 'signup' }));
    refusedClearly(
      await auth('/verify', { email: synthetic(wallet), token: '123456', type: 'magiclink' }),
    );

    const other = await testClient(stack.url, stack.anonKey).auth.signUp({
      email: `other.${Date.now()}@example.com`,
      password: STRONG_PASSWORD,
    });
    const token = other.data.session!.access_token;
    const victim = Wallet.createRandom();
    refusedClearly(await auth('/user', { email: synthetic(victim) }, token, 'PUT'));
    // The wallet's own account cannot be given a password route either.
    refusedClearly(
      await auth('/user', { email: synthetic(victim) }, signedIn.session!.access_token, 'PUT'),
    );
  });

  it('refuses a social identity at a wallet address', async () => {
    const wallet = Wallet.createRandom();
    const res = await fetch(`${stack.url}/auth/v1/test-idp/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        provider: 'google',
        email: synthetic(wallet),
        state: 'x',
      }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(
      /belong to Ethereum wallet accounts/,
    );
  });

  it('reaches the same account through siwe-verify and the web3 grant, in either order', async () => {
    const a = Wallet.createRandom();
    const viaFunction = await siweVerify(a);
    const m1 = await siweMessage(a, await serverNonce());
    const grant = await testClient(stack.url, stack.anonKey).auth.signInWithWeb3({
      chain: 'ethereum',
      message: m1.message,
      signature: m1.signature as `0x${string}`,
    });
    expect(grant.error).toBeNull();
    expect(grant.data.user?.id).toBe(viaFunction.userId);

    const b = Wallet.createRandom();
    const m2 = await siweMessage(b, await serverNonce());
    const first = await testClient(stack.url, stack.anonKey).auth.signInWithWeb3({
      chain: 'ethereum',
      message: m2.message,
      signature: m2.signature as `0x${string}`,
    });
    expect(first.error).toBeNull();
    const later = await siweVerify(b);
    expect(later.userId).toBe(first.data.user?.id);
  });
});
