import { getBytes, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/auth/authMessages.ts';
import {
  buildSiweMessage,
  signInWithEthereumWallet,
  SIWE_STATEMENT,
  type Eip1193Provider,
  type EthereumSignInDeps,
} from '../../../src/auth/ethereumSignIn.ts';
import {
  createSiweHandler,
  type SiweDeps,
} from '../../../supabase/functions/siwe-verify/handler.ts';
import type { NonceStore } from '../../../supabase/functions/siwe-verify/nonces.ts';

/** A real key pair behind the EIP-1193 calls a browser wallet answers. */
function testWallet(opts: { reject?: boolean } = {}): {
  provider: Eip1193Provider;
  wallet: Wallet;
} {
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  return {
    wallet,
    provider: {
      async request({ method, params }) {
        if (method === 'eth_requestAccounts') return [wallet.address.toLowerCase()]; // wallets often answer lower-case
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') {
          if (opts.reject)
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          const [hex] = params as [string, string];
          return wallet.signMessage(getBytes(hex));
        }
        throw new Error(`unexpected ${method}`);
      },
    },
  };
}

function memoryNonces(): NonceStore {
  const issued = new Map<string, { expiresAt: number; used: boolean }>();
  let n = 0;
  return {
    async issue(now) {
      const nonce = `nonce${++n}abcdefgh`;
      issued.set(nonce, { expiresAt: now + 300_000, used: false });
      return { nonce, expiresAt: now + 300_000 };
    },
    async consume(nonce, now) {
      const e = issued.get(nonce);
      if (!e) return 'unknown';
      if (e.used) return 'used';
      if (now > e.expiresAt) return 'expired';
      e.used = true;
      return 'ok';
    },
  };
}

/** The real siwe-verify handler, with an in-memory nonce store and a stand-in for Auth's session minting. */
function backend(now: number) {
  const deps: SiweDeps = {
    config: {
      domain: 'localhost:8787',
      uri: 'http://localhost:8787',
      maxAgeMs: 600_000,
      clockSkewMs: 60_000,
    },
    nonces: memoryNonces(),
    minter: {
      async mint(address) {
        return {
          userId: `user-${address.toLowerCase()}`,
          email: `${address.toLowerCase()}@ethereum.local`,
          session: {
            access_token: 'access-jwt',
            refresh_token: 'refresh-1',
            expires_in: 3600,
            expires_at: null,
            token_type: 'bearer',
          },
        };
      },
    },
    rest: null,
    now: () => now,
  };
  const handler = createSiweHandler(() => deps);
  return {
    async fetchNonce() {
      const res = await handler(
        new Request('http://localhost:8787/functions/v1/siwe-verify/nonce'),
      );
      return ((await res.json()) as { nonce: string }).nonce;
    },
    async verify(body: unknown) {
      const res = await handler(
        new Request('http://localhost:8787/functions/v1/siwe-verify', {
          method: 'POST',
          body: JSON.stringify(body),
        }),
      );
      return { ok: res.ok, body: (await res.json()) as never };
    },
  };
}

const NOW = Date.UTC(2026, 10, 22, 5, 0, 0);

function deps(
  overrides: Partial<EthereumSignInDeps> & { provider: Eip1193Provider | null },
): EthereumSignInDeps {
  const b = backend(NOW);
  return {
    ethereum: overrides.provider,
    fetchNonce: b.fetchNonce,
    verify: b.verify,
    domain: 'localhost:8787',
    origin: 'http://localhost:8787',
    now: () => NOW,
    ...overrides,
  };
}

describe('Sign in with Ethereum against the real siwe-verify handler', () => {
  it('signs an EIP-4361 message the server accepts and returns the session it opened', async () => {
    const { provider, wallet } = testWallet();
    const result = await signInWithEthereumWallet(deps({ provider }));
    expect(result).toMatchObject({
      ok: true,
      accessToken: 'access-jwt',
      refreshToken: 'refresh-1',
      session: {
        token: 'access-jwt',
        address: wallet.address,
        userId: `user-${wallet.address.toLowerCase()}`,
      },
    });
  });

  it('says clearly when there is no wallet in the browser', async () => {
    expect(await signInWithEthereumWallet(deps({ provider: null }))).toEqual({
      ok: false,
      message: 'No Ethereum wallet found in this browser',
    });
  });

  it('shows the server’s error text when it refuses the message (page on another domain)', async () => {
    const { provider } = testWallet();
    const result = await signInWithEthereumWallet(
      deps({ provider, domain: 'evil.example', origin: 'https://evil.example' }),
    );
    expect(result).toEqual({ ok: false, message: 'Message is for a different domain' });
  });

  it('falls back to "Failed to verify signature" when the server answers without an error text', async () => {
    const { provider } = testWallet();
    const result = await signInWithEthereumWallet(
      deps({ provider, verify: async () => ({ ok: false, body: null }) }),
    );
    expect(result).toEqual({ ok: false, message: MSG.verifyFailed });
    const notSuccess = await signInWithEthereumWallet(
      deps({ provider, verify: async () => ({ ok: true, body: { success: false } }) }),
    );
    expect(notSuccess).toEqual({ ok: false, message: 'Failed to verify signature' });
  });

  it('reports a refused signature with the wallet’s own words', async () => {
    const { provider } = testWallet({ reject: true });
    expect(await signInWithEthereumWallet(deps({ provider }))).toEqual({
      ok: false,
      message: 'Failed to sign in with Ethereum: User rejected the request.',
    });
  });
});

describe('the EIP-4361 message text', () => {
  it('is exactly what siwe’s SiweMessage.prepareMessage() produces for the same fields', async () => {
    const { SiweMessage } = await import('siwe');
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const { message, address } = await buildSiweMessage({
      address: wallet.address.toLowerCase(),
      chainId: 137,
      nonce: 'abcDEF123456',
      domain: 'aurora.example',
      origin: 'https://aurora.example',
      now: NOW,
    });
    expect(address).toBe(wallet.address); // EIP-55 checksummed
    const reference = new SiweMessage({
      domain: 'aurora.example',
      address: wallet.address,
      statement: SIWE_STATEMENT,
      uri: 'https://aurora.example',
      version: '1',
      chainId: 137,
      nonce: 'abcDEF123456',
      issuedAt: new Date(NOW).toISOString(),
      expirationTime: new Date(NOW + 10 * 60_000).toISOString(),
    }).prepareMessage();
    expect(message).toBe(reference);
    // And siwe's parser reads it back field for field.
    expect(new SiweMessage(message)).toMatchObject({
      domain: 'aurora.example',
      address: wallet.address,
      chainId: 137,
      nonce: 'abcDEF123456',
    });
  });

  it('refuses something that is not an address', async () => {
    await expect(
      buildSiweMessage({
        address: '0x123',
        chainId: 1,
        nonce: 'n1234567',
        domain: 'd',
        origin: 'https://d',
        now: NOW,
      }),
    ).rejects.toThrow();
  });
});
