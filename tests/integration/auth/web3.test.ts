import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, type HDNodeWallet } from 'ethers';
import { SiweMessage, generateNonce } from 'siwe';
import { startTestStack, type TestStack } from '../helpers/startTestStack.ts';
import { testClient } from '../helpers/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ redirectAllowList: ['https://aurora.example'] });
});
afterAll(async () => {
  await stack?.stop();
});

const wallet = Wallet.createRandom();

async function signed(fields: Partial<ConstructorParameters<typeof SiweMessage>[0] & object>, signer: HDNodeWallet | Wallet = wallet) {
  const msg = new SiweMessage({
    domain: 'aurora.example',
    address: wallet.address,
    statement: 'Sign in to Aurora',
    uri: 'https://aurora.example/login',
    version: '1',
    chainId: 1,
    nonce: generateNonce(),
    issuedAt: new Date().toISOString(),
    ...fields,
  });
  const message = msg.prepareMessage();
  return { message, signature: await signer.signMessage(message) };
}

const signIn = async (m: { message: string; signature: string }) =>
  testClient(stack.url, stack.anonKey).auth.signInWithWeb3({ chain: 'ethereum', message: m.message, signature: m.signature as `0x${string}` });

describe('Sign-In with Ethereum (grant_type=web3)', () => {
  it('signs a wallet in, the same user every time, with a profile', async () => {
    const first = await signIn(await signed({}));
    expect(first.error).toBeNull();
    const user = first.data.user!;
    expect(user.app_metadata.provider).toBe('web3');
    expect(user.user_metadata.custom_claims).toMatchObject({ address: wallet.address, chain: 'ethereum:1', domain: 'aurora.example' });
    const again = await signIn(await signed({}));
    expect(again.data.user?.id).toBe(user.id);
    const [profile] = await stack.sql('select id from profiles where id = $1', [user.id]);
    expect(profile).toBeTruthy();
  });

  it('accepts a loopback URI, as from a local development page', async () => {
    const r = await signIn(await signed({ domain: 'localhost:5173', uri: 'http://localhost:5173/' }));
    expect(r.error).toBeNull();
  });

  it('rejects a message whose domain is not its URI host', async () => {
    const r = await signIn(await signed({ domain: 'evil.example' }));
    expect(r.error?.message).toMatch(/domain/);
    expect(r.data.session).toBeNull();
  });

  it('rejects a URI outside the allowed redirect list', async () => {
    const r = await signIn(await signed({ domain: 'phish.example', uri: 'https://phish.example/' }));
    expect(r.error?.message).toMatch(/not allowed/);
  });

  it('rejects an expired message', async () => {
    const past = Date.now() - 60_000;
    const r = await signIn(await signed({ issuedAt: new Date(past - 60_000).toISOString(), expirationTime: new Date(past).toISOString() }));
    expect(r.error?.message).toMatch(/expired/i);
  });

  it('rejects a message issued long ago even without an expiry', async () => {
    const r = await signIn(await signed({ issuedAt: new Date(Date.now() - 3_600_000).toISOString() }));
    expect(r.error?.message).toMatch(/issued/);
  });

  it('rejects a signature from another key', async () => {
    const r = await signIn(await signed({}, Wallet.createRandom()));
    expect(r.error?.code).toBe('invalid_credentials');
  });
});
