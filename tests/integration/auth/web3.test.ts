import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, type HDNodeWallet } from 'ethers';
import { SiweMessage, generateNonce } from 'siwe';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { testClient } from '../../support/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const wallet = Wallet.createRandom();

/** A single-use nonce from the server (what siwe-verify hands out). */
async function serverNonce(): Promise<string> {
  const r = await fetch(`${stack.url}/functions/v1/siwe-verify/nonce`, {
    headers: { apikey: stack.anonKey },
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { nonce: string }).nonce;
}

/** A message addressed to the app (the stack's own origin, as siwe-verify expects), with a fresh server nonce unless given. */
async function signed(
  fields: Partial<ConstructorParameters<typeof SiweMessage>[0] & object>,
  signer: HDNodeWallet | Wallet = wallet,
) {
  const msg = new SiweMessage({
    domain: new URL(stack.url).host,
    address: wallet.address,
    statement: 'Sign in to Aurora',
    uri: `${stack.url}/login`,
    version: '1',
    chainId: 1,
    nonce: fields.nonce ?? (await serverNonce()),
    issuedAt: new Date().toISOString(),
    ...fields,
  });
  const message = msg.prepareMessage();
  return { message, signature: await signer.signMessage(message) };
}

const signIn = async (m: { message: string; signature: string }) =>
  testClient(stack.url, stack.anonKey).auth.signInWithWeb3({
    chain: 'ethereum',
    message: m.message,
    signature: m.signature as `0x${string}`,
  });

describe('Sign-In with Ethereum (grant_type=web3), with the checks of siwe-verify', () => {
  it('signs a wallet in, the same user every time, with a profile', async () => {
    const first = await signIn(await signed({}));
    expect(first.error).toBeNull();
    const user = first.data.user!;
    expect(user.app_metadata.provider).toBe('web3');
    expect(user.user_metadata.custom_claims).toMatchObject({
      address: wallet.address,
      chain: 'ethereum:1',
      domain: new URL(stack.url).host,
    });
    const again = await signIn(await signed({}));
    expect(again.data.user?.id).toBe(user.id);
    const [profile] = await stack.sql('select id from profiles where id = $1', [user.id]);
    expect(profile).toBeTruthy();
  });

  it('accepts a signed message once: four replays are refused', async () => {
    const m = await signed({});
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await signIn(m));
    expect(results[0]!.error).toBeNull();
    for (const r of results.slice(1)) {
      expect(r.data.session).toBeNull();
      expect(r.error?.message).toBe('Nonce has already been used');
    }
  });

  it('refuses a nonce the server did not issue', async () => {
    const r = await signIn(await signed({ nonce: generateNonce() }));
    expect(r.error?.message).toBe('Unknown nonce; request a new one');
  });

  it('refuses a loopback URI of another origin (the domain is checked for loopback too)', async () => {
    const r = await signIn(
      await signed({ domain: 'localhost:5173', uri: 'http://localhost:5173/' }),
    );
    expect(r.error?.message).toBe('Message is for a different domain');
    const uriOnly = await signIn(await signed({ uri: 'http://127.0.0.1:9/' }));
    expect(uriOnly.error?.message).toBe('Message is for a different URI');
  });

  it('rejects a message for another domain', async () => {
    const r = await signIn(await signed({ domain: 'evil.example' }));
    expect(r.error?.message).toBe('Message is for a different domain');
    expect(r.data.session).toBeNull();
  });

  it('rejects an expired message', async () => {
    const past = Date.now() - 60_000;
    const r = await signIn(
      await signed({
        issuedAt: new Date(past - 60_000).toISOString(),
        expirationTime: new Date(past).toISOString(),
      }),
    );
    expect(r.error?.message).toBe('Message has expired');
  });

  it('rejects a message issued long ago even without an expiry', async () => {
    const r = await signIn(
      await signed({ issuedAt: new Date(Date.now() - 3_600_000).toISOString() }),
    );
    expect(r.error?.message).toBe('Message has expired');
  });

  it('rejects a signature from another key, and its nonce stays usable', async () => {
    const nonce = await serverNonce();
    const r = await signIn(await signed({ nonce }, Wallet.createRandom()));
    expect(r.error?.code).toBe('invalid_credentials');
    expect((await signIn(await signed({ nonce }))).error).toBeNull();
  });
});
