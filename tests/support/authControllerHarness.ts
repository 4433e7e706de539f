import { AuthClient, createClient } from '@supabase/supabase-js';
import { getBytes, type Wallet } from 'ethers';
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { createAuthController } from '../../src/auth/authController.ts';
import type { AuthController, AuthControllerDeps } from '../../src/auth/authControllerContract.ts';
import { buildAuthConfig } from '../../src/auth/config.ts';
import type { Eip1193Provider } from '../../src/auth/ethereumSignIn.ts';
import { buildPkceAuthorizeUrl, clientOptions } from '../../src/auth/supabaseClient.ts';
import { memoryStorage } from './memoryStorage.ts';
import { startTestStack, type TestStack } from './startTestStack.ts';

/**
 * The page's auth controller (src/auth) with the real supabase-js client, against a local stack
 * on a real Postgres: the same options, PKCE helper and profile rule the browser uses; only
 * localStorage (a Map), the wallet (an ethers key) and timers are stand-ins.
 */

function walletProvider(wallet: Wallet): Eip1193Provider {
  return {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts') return [wallet.address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') return wallet.signMessage(getBytes((params as [string])[0]));
      throw new Error(`unexpected ${method}`);
    },
  };
}

export interface Harness {
  ctrl: AuthController;
  storage: Storage;
  assigned: string[];
  /** What the controller was given (the backend headers of its signed-in user, for instance). */
  deps: AuthControllerDeps;
}

export interface HarnessOptions {
  storage?: Storage;
  wallet?: Wallet;
  siteOrigin?: string;
  offline?: () => boolean;
  prepareToForgetUser?: AuthControllerDeps['prepareToForgetUser'];
}

export function authControllerHarness(stack: TestStack, opts: HarnessOptions = {}): Harness {
  const storage = opts.storage ?? memoryStorage();
  const config = buildAuthConfig(
    { VITE_SUPABASE_URL: stack.url, VITE_SUPABASE_ANON_KEY: stack.anonKey },
    stack.url,
  );
  const client = createClient(stack.url, stack.anonKey, {
    ...clientOptions(config.storageKey, storage),
    global: {
      // Lets a test cut the network while the client is loaded, as the browser's offline mode does.
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (opts.offline?.()) {
          if (process.env.AUTH_DEBUG) console.log(Date.now() % 100000, 'offline', url);
          throw new TypeError('Failed to fetch');
        }
        const res = await fetch(input, init);
        if (process.env.AUTH_DEBUG) console.log(Date.now() % 100000, res.status, url);
        return res;
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const assigned: string[] = [];
  const origin = opts.siteOrigin ?? stack.url;
  const deps: AuthControllerDeps = {
    config,
    storage,
    getClient: async () => client,
    async backendHeaders() {
      const { data } = await client.auth.getSession();
      return {
        apikey: stack.anonKey,
        Authorization: `Bearer ${data.session?.access_token ?? stack.anonKey}`,
      };
    },
    startOAuth: async (provider, redirectTo) => ({
      url: await buildPkceAuthorizeUrl({
        AuthClient,
        supabaseUrl: stack.url,
        anonKey: stack.anonKey,
        storageKey: config.storageKey,
        storage,
        provider,
        redirectTo,
      }),
    }),
    fetch: globalThis.fetch,
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    isOffline: () => opts.offline?.() ?? false,
    location: { origin, host: new URL(origin).host, assign: (u) => void assigned.push(u) },
    ethereum: () => (opts.wallet ? walletProvider(opts.wallet) : null),
    isHidden: () => false,
    onVisibilityChange: () => () => undefined,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    prepareToForgetUser: opts.prepareToForgetUser,
  };
  return { ctrl: createAuthController(deps), storage, assigned, deps };
}

export async function eventually<T>(
  fn: () => Promise<T | null | undefined> | T | null | undefined,
  ms = 5_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The user's profile row, as the server keeps it. */
export const profileOf = async (stack: TestStack, id: string) =>
  (
    await stack.sql<{ id: string; email: string | null; full_name: string | null }>(
      'select id, email, full_name from public.profiles where id = $1',
      [id],
    )
  )[0];

/**
 * One local stack for the test file (started in beforeAll, stopped in afterAll) and controllers
 * on it. Call it at the top level of the test file.
 */
export function authControllerSuite(stackOptions?: Parameters<typeof startTestStack>[0]): {
  stack(): TestStack;
  harness(opts?: HarnessOptions): Harness;
} {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack(stackOptions);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  const started = (): TestStack => {
    if (!stack) throw new Error('the stack starts in beforeAll');
    return stack;
  };
  return { stack: started, harness: (opts) => authControllerHarness(started(), opts) };
}
