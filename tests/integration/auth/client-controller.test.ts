import { AuthClient, createClient } from '@supabase/supabase-js';
import { getBytes, Wallet } from 'ethers';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthController } from '../../../src/auth/authController.ts';
import type {
  AuthController,
  AuthControllerDeps,
} from '../../../src/auth/authControllerContract.ts';
import { MSG } from '../../../src/auth/authMessages.ts';
import { buildAuthConfig } from '../../../src/auth/config.ts';
import { ETH_KEYS } from '../../../src/auth/ethereumSession.ts';
import type { Eip1193Provider } from '../../../src/auth/ethereumSignIn.ts';
import { buildPkceAuthorizeUrl, clientOptions } from '../../../src/auth/supabaseClient.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * The page's auth controller (src/auth) with the real supabase-js client, against the local
 * stack on a real Postgres: the same options, PKCE helper and profile rule the browser uses; only
 * localStorage (a Map), the wallet (an ethers key) and timers are stand-ins.
 */

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

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

interface Harness {
  ctrl: AuthController;
  storage: Storage;
  assigned: string[];
}

function harness(
  opts: {
    storage?: Storage;
    wallet?: Wallet;
    siteOrigin?: string;
    offline?: () => boolean;
    prepareToForgetUser?: AuthControllerDeps['prepareToForgetUser'];
  } = {},
): Harness {
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
  return { ctrl: createAuthController(deps), storage, assigned };
}

async function eventually<T>(
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

const profileOf = async (id: string) =>
  (
    await stack.sql<{ id: string; email: string | null; full_name: string | null }>(
      'select id, email, full_name from public.profiles where id = $1',
      [id],
    )
  )[0];

describe('auth controller against the local stack', () => {
  it('lists the server’s weak-password reasons on sign-up, each once as a plain sentence', async () => {
    const { ctrl } = harness();
    const result = await ctrl.signUp({ email: uniqueEmail(), password: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe('Choose a stronger password:');
    expect(result.reasons).toEqual([
      'Use at least 8 characters',
      'Add an uppercase letter',
      'Add a digit',
    ]);
    ctrl.stop();
  });

  it('emails a reset link that signs the user in to choose a new password, which then works', async () => {
    const email = uniqueEmail('reset');
    expect(await harness().ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const asking = harness();
    expect(await asking.ctrl.requestPasswordReset(email)).toEqual({
      ok: true,
      message: MSG.resetSent,
    });
    expect(await asking.ctrl.requestPasswordReset('  ')).toEqual({
      ok: false,
      message: MSG.resetEmailMissing,
    });
    const mail = stack.outbox.latest(email)!;
    const res = await fetch(mail.link, { redirect: 'manual' });
    const landing = res.headers.get('location')!;
    expect(landing.startsWith(`${stack.url}/auth/callback?type=recovery#`)).toBe(true);

    const page = harness();
    expect(await page.ctrl.completeOAuthCallback(landing)).toEqual({ ok: true });
    expect(page.ctrl.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email } });
    const weak = await page.ctrl.updatePassword('abcdefgh');
    expect(weak).toEqual({
      ok: false,
      message: 'Choose a stronger password:',
      reasons: ['Add an uppercase letter', 'Add a digit'],
    });
    expect(await page.ctrl.updatePassword('Corona-Hole-42-Wind')).toEqual({
      ok: true,
      message: MSG.newPasswordSet,
    });
    expect(
      await harness().ctrl.signInWithPassword({ email, password: 'Corona-Hole-42-Wind' }),
    ).toEqual({ ok: true });
    expect((await harness().ctrl.signInWithPassword({ email, password: STRONG_PASSWORD })).ok).toBe(
      false,
    );
    page.ctrl.stop();
  });

  it('deletes the account on the server, signs out, and hands the device back to its anonymous preferences', async () => {
    const email = uniqueEmail('bye');
    const steps: string[] = [];
    const h = harness({
      prepareToForgetUser: async (userId) => {
        steps.push(`remember anonymous before deleting ${userId}`);
        return async () => void steps.push(`forget ${userId}, restore anonymous`);
      },
    });
    expect(await h.ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const id = h.ctrl.getSnapshot().user!.id;
    await eventually(() => profileOf(id));

    expect(await h.ctrl.deleteAccount()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    expect(steps).toEqual([
      `remember anonymous before deleting ${id}`,
      `forget ${id}, restore anonymous`,
    ]);
    expect(await stack.sql('select id from auth.users where id = $1', [id])).toEqual([]);
    expect(await profileOf(id)).toBeUndefined();
    expect(await h.ctrl.deleteAccount()).toEqual({ ok: false, message: MSG.deleteSignedOut });
    h.ctrl.stop();
  });

  it('signs up, has a profile, survives a reload from storage, and signs out', async () => {
    const email = uniqueEmail('ctrl');
    const h = harness();
    expect(await h.ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    expect(user.email).toBe(email);
    const profile = await eventually(() => profileOf(user.id));
    expect(profile.email).toBe(email);

    // A "reload": a new controller on the same storage knows the user before loading anything.
    const reloaded = harness({ storage: h.storage });
    expect(reloaded.ctrl.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { id: user.id },
    });

    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot().status).toBe('signed-out');
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    h.ctrl.stop();
  });

  it('signs out on this device when the server cannot be reached', async () => {
    let offline = false;
    const h = harness({ offline: () => offline });
    await h.ctrl.signUp({ email: uniqueEmail('off'), password: STRONG_PASSWORD });
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    offline = true;
    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot().status).toBe('signed-out');
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    h.ctrl.stop();
  });

  it('signs up and back in with a phone number instead of an email', async () => {
    const phone = `+47${String(Date.now()).slice(-8)}`;
    const a = harness();
    expect(await a.ctrl.signUp({ phone, password: STRONG_PASSWORD })).toEqual({ ok: true });
    expect(a.ctrl.getSnapshot().status).toBe('signed-in');
    a.ctrl.stop();
    const b = harness();
    expect(await b.ctrl.signInWithPassword({ phone, password: STRONG_PASSWORD })).toEqual({
      ok: true,
    });
    expect(b.ctrl.getSnapshot().user?.id).toBe(a.ctrl.getSnapshot().user?.id);
    b.ctrl.stop();
  });

  it('shows the server’s words for a wrong password', async () => {
    const email = uniqueEmail();
    const a = harness();
    await a.ctrl.signUp({ email, password: STRONG_PASSWORD });
    a.ctrl.stop();
    const b = harness();
    const result = await b.ctrl.signInWithPassword({ email, password: `${STRONG_PASSWORD}-nope` });
    expect(result).toEqual({ ok: false, message: 'Invalid login credentials' });
    expect(b.ctrl.getSnapshot().status).toBe('signed-out');
    b.ctrl.stop();
  });

  it('signs in through the test identity provider with PKCE and creates the profile with the provider’s name', async () => {
    const h = harness();
    expect(await h.ctrl.signInWithOAuth()).toEqual({ ok: true });
    const authorizeUrl = new URL(h.assigned[0]!);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('s256');
    expect(h.storage.getItem('aurora-auth-code-verifier')).toBeTruthy();

    // The browser's part: follow to the IdP page, submit it, land on /auth/callback?code=…
    const toIdp = await fetch(authorizeUrl, { redirect: 'manual' });
    const idpUrl = new URL(toIdp.headers.get('location')!);
    const email = uniqueEmail('oauth');
    const form = new URLSearchParams({ email, name: 'Hypatia of Alexandria', picture: '' });
    for (const k of ['provider', 'redirect_to', 'code_challenge', 'code_challenge_method'])
      form.set(k, idpUrl.searchParams.get(k) ?? '');
    const back = await fetch(`${stack.url}/auth/v1/test-idp/callback`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = back.headers.get('location')!;
    expect(new URL(callback).pathname).toBe('/auth/callback');

    expect(await h.ctrl.completeOAuthCallback(callback)).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    expect(user).toMatchObject({ email, fullName: 'Hypatia of Alexandria', provider: 'google' });
    expect((await eventually(() => profileOf(user.id))).full_name).toBe('Hypatia of Alexandria');
    // The code is single-use.
    const again = await harness().ctrl.completeOAuthCallback(callback);
    expect(again.ok).toBe(false);
    h.ctrl.stop();
  });

  it('signs in with an Ethereum wallet, restores that session on reload, and clears it once the profile is gone', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    // The message names the page's own origin, which the local siwe-verify expects (SUPABASE_URL).
    const h = harness({ wallet });
    expect(await h.ctrl.signInWithEthereum()).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    // No invented email: the account is shown by its address.
    expect(user).toMatchObject({
      provider: 'ethereum',
      email: null,
      walletAddress: wallet.address,
    });
    expect(h.storage.getItem(ETH_KEYS.address)).toBe(wallet.address);
    // The backend's session became the supabase-js session too.
    expect(JSON.parse(h.storage.getItem('aurora-auth')!).user.id).toBe(user.id);
    await eventually(() => profileOf(user.id));
    h.ctrl.stop();

    // On reload the stored Ethereum session is checked against the profile (which now has a name).
    await stack.sql('update public.profiles set full_name = $2 where id = $1', [
      user.id,
      'Satoshi',
    ]);
    const reloaded = harness({ storage: h.storage });
    reloaded.ctrl.start();
    expect(reloaded.ctrl.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { id: user.id, provider: 'ethereum' },
    });
    await eventually(() => reloaded.ctrl.getSnapshot().user?.fullName === 'Satoshi');
    reloaded.ctrl.stop();

    await stack.sql('delete from public.profiles where id = $1', [user.id]);
    const storage = h.storage;
    storage.removeItem('aurora-auth'); // only the Ethereum entries are left to judge
    const third = harness({ storage });
    third.ctrl.start();
    await eventually(() => storage.getItem(ETH_KEYS.token) === null);
    expect(third.ctrl.getSnapshot().status).toBe('signed-out');
    third.ctrl.stop();
  });
});

describe('session ticker against the local stack', () => {
  let shortStack: TestStack;
  beforeAll(async () => {
    shortStack = await startTestStack({ jwtExpiry: 100 }); // 100 s = 3 ticks: due at the first tick
  });
  afterAll(async () => {
    await shortStack?.stop();
  });

  it('keeps an expired session through an offline start and refreshes it once the network is back', async () => {
    const saved = stack;
    stack = shortStack;
    try {
      const first = harness();
      await first.ctrl.signUp({ email: uniqueEmail('offline-start'), password: STRONG_PASSWORD });
      first.ctrl.stop();
      const stored = JSON.parse(first.storage.getItem('aurora-auth')!) as {
        expires_at: number;
        refresh_token: string;
      };
      // A later visit (a fresh storage, so the first client cannot touch it) with the token expired.
      const storage = memoryStorage();
      storage.setItem(
        'aurora-auth',
        JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }),
      );

      let offline = true;
      const h = harness({ storage, offline: () => offline });
      h.ctrl.start();
      await new Promise((r) => setTimeout(r, 600)); // refreshes failing, retried from 200 ms
      expect(h.ctrl.getSnapshot().status).toBe('signed-in');
      expect(JSON.parse(h.storage.getItem('aurora-auth')!).refresh_token).toBe(
        stored.refresh_token,
      );

      offline = false;
      const refreshed = await eventually(() => {
        const now = JSON.parse(h.storage.getItem('aurora-auth') ?? 'null') as {
          refresh_token?: string;
          expires_at?: number;
        } | null;
        return now && now.refresh_token !== stored.refresh_token ? now : null;
      }, 15_000);
      expect(refreshed.expires_at! * 1000).toBeGreaterThan(Date.now());
      expect(h.ctrl.getSnapshot().status).toBe('signed-in');
      h.ctrl.stop();
    } finally {
      stack = saved;
    }
  });

  it('refreshes a token that is within 3 ticks of expiry, rotating the refresh token', async () => {
    const saved = stack;
    stack = shortStack;
    try {
      const h = harness(); // the tick at sign-in finds 3 ticks left
      await h.ctrl.signUp({ email: uniqueEmail('tick'), password: STRONG_PASSWORD });
      const before = JSON.parse(h.storage.getItem('aurora-auth')!).refresh_token as string;
      const after = await eventually(() => {
        const now = JSON.parse(h.storage.getItem('aurora-auth') ?? 'null') as {
          refresh_token?: string;
        } | null;
        return now?.refresh_token && now.refresh_token !== before ? now.refresh_token : null;
      });
      expect(after).not.toBe(before);
      expect(h.ctrl.getSnapshot().status).toBe('signed-in');
      h.ctrl.stop();
    } finally {
      stack = saved;
    }
  });
});
