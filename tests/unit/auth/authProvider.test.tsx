// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAuthController } from '../../../src/auth/authController.ts';
import type { AuthControllerDeps } from '../../../src/auth/authControllerContract.ts';
import { AuthProvider } from '../../../src/auth/AuthProvider.tsx';
import { buildAuthConfig, SESSION_STORAGE_KEY } from '../../../src/auth/config.ts';
import { createLazyAuthController } from '../../../src/auth/lazyAuthController.ts';
import { useAuth } from '../../../src/auth/useAuth.ts';
import LoginPage from '../../../src/features/auth/LoginPage.tsx';
import { memoryStorage } from '../../support/memoryStorage.ts';

const storedSession = JSON.stringify({
  access_token: 'x.y.z',
  refresh_token: 'r',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: 'bearer',
  user: {
    id: 'u1',
    email: 'ada@example.com',
    user_metadata: {},
    app_metadata: { provider: 'email' },
  },
});

/** Deps whose client never finishes loading: whatever renders, renders without supabase-js. */
function deps(storage: Storage) {
  const getClient = vi.fn(() => new Promise<never>(() => {}));
  const d: AuthControllerDeps = {
    config: buildAuthConfig({}, 'http://localhost:8787'),
    storage,
    getClient,
    backendHeaders: async () => ({}),
    startOAuth: async () => ({ url: 'about:blank' }),
    fetch: vi.fn(async () => new Response('[]')),
    now: () => Date.now(),
    sleep: async () => {},
    isOffline: () => false,
    location: { origin: 'http://localhost:8787', host: 'localhost:8787', assign: () => {} },
    ethereum: () => null,
    isHidden: () => false,
    onVisibilityChange: () => () => {},
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  return { d, getClient };
}

function Status() {
  return <p>status: {useAuth().status}</p>;
}

function app(controller: ReturnType<typeof createAuthController>) {
  return render(
    <AuthProvider controller={controller}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route
            path="/login"
            element={
              <>
                <Status />
                <LoginPage />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

describe('AuthProvider start-up', () => {
  it('redirects a signed-in user off /login on the first render, before supabase-js has loaded', () => {
    const { d } = deps(memoryStorage({ [SESSION_STORAGE_KEY]: storedSession }));
    app(createAuthController(d));
    expect(screen.getByText('Home screen')).toBeTruthy();
  });

  it('never loads supabase-js for a visitor with no stored session', async () => {
    const { d, getClient } = deps(memoryStorage());
    app(createAuthController(d));
    expect(screen.getByText('status: signed-out')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign In');
    await new Promise((r) => setTimeout(r, 20));
    expect(getClient).not.toHaveBeenCalled();
  });

  it('loads supabase-js at start when a session is stored, to keep it fresh', async () => {
    const { d, getClient } = deps(memoryStorage({ [SESSION_STORAGE_KEY]: storedSession }));
    app(createAuthController(d));
    await new Promise((r) => setTimeout(r, 20));
    expect(getClient).toHaveBeenCalledTimes(1);
  });

  it('answers a sign-in attempt while offline with the offline message, without loading supabase-js', async () => {
    const { d, getClient } = deps(memoryStorage());
    const ctrl = createAuthController({ ...d, isOffline: () => true });
    expect(await ctrl.signInWithPassword({ email: 'a@b.c', password: 'Secret123' })).toEqual({
      ok: false,
      message: 'You are offline — sign-in needs a connection.',
    });
    expect(await ctrl.signInWithEthereum()).toEqual({
      ok: false,
      message: 'No Ethereum wallet found in this browser',
    });
    expect(getClient).not.toHaveBeenCalled();
  });

  it('signs out a stored session while offline by forgetting it on this device', async () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: storedSession });
    const { d } = deps(storage);
    const ctrl = createAuthController({
      ...d,
      isOffline: () => true,
      getClient: () => Promise.reject(new Error('offline')),
    });
    expect(await ctrl.signOut()).toEqual({ ok: true });
    expect(ctrl.getSnapshot().status).toBe('signed-out');
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('the lazily loaded controller (keeps supabase-js and the sign-in code out of the first load)', () => {
  it('loads nothing for a signed-out visitor until they try to sign in', async () => {
    const storage = memoryStorage();
    const { d } = deps(storage);
    const load = vi.fn(async () => createAuthController({ ...d, isOffline: () => true }));
    const lazy = createLazyAuthController({ storage, storageKey: SESSION_STORAGE_KEY, load });
    app(lazy);
    await new Promise((r) => setTimeout(r, 20));
    expect(load).not.toHaveBeenCalled();
    expect(await lazy.signInWithPassword({ email: 'a@b.c', password: 'Secret123' })).toEqual({
      ok: false,
      message: 'You are offline — sign-in needs a connection.',
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads and starts the controller at once when a session is stored, and follows its state', async () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: storedSession });
    const { d } = deps(storage);
    const getClient = vi.fn(() => Promise.reject(new Error('gateway down')));
    const real = createAuthController({ ...d, getClient });
    const lazy = createLazyAuthController({
      storage,
      storageKey: SESSION_STORAGE_KEY,
      load: async () => real,
    });
    expect(lazy.getSnapshot().status).toBe('signed-in');
    lazy.start();
    await new Promise((r) => setTimeout(r, 20));
    // The real controller is running (it asked for the client) and its changes show through.
    expect(getClient).toHaveBeenCalledTimes(1);
    storage.removeItem(SESSION_STORAGE_KEY);
    await real.signOut();
    expect(lazy.getSnapshot().status).toBe('signed-out');
  });

  it('loads the controller when another tab signs in, so a tab opened signed out follows the session', async () => {
    const storage = memoryStorage();
    const { d } = deps(storage);
    const events = new EventTarget();
    const real = createAuthController({ ...d, isOffline: () => true });
    const load = vi.fn(async () => real);
    const lazy = createLazyAuthController({
      storage,
      storageKey: SESSION_STORAGE_KEY,
      load,
      events,
    });
    lazy.start();
    const otherKey = Object.assign(new Event('storage'), {
      key: 'sidebarCollapsed',
      newValue: 'true',
    });
    events.dispatchEvent(otherKey);
    await new Promise((r) => setTimeout(r, 10));
    expect(load).not.toHaveBeenCalled();
    storage.setItem(SESSION_STORAGE_KEY, storedSession);
    events.dispatchEvent(
      Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY, newValue: storedSession }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(load).toHaveBeenCalledTimes(1);
    lazy.stop();
  });

  it('answers with the product’s fallback message when the sign-in code cannot be loaded (offline, not cached)', async () => {
    const lazy = createLazyAuthController({
      storage: memoryStorage(),
      storageKey: SESSION_STORAGE_KEY,
      load: () => Promise.reject(new Error('chunk')),
    });
    expect(await lazy.signUp({ email: 'a@b.c', password: 'x' })).toEqual({
      ok: false,
      message: 'Failed to sign up',
    });
    expect(await lazy.signOut()).toEqual({ ok: false, message: 'Failed to sign out' });
  });
});

describe('OAuth callback URLs and their errors', () => {
  const ctrl = () => {
    const { d, getClient } = deps(memoryStorage());
    return {
      c: createAuthController({
        ...d,
        getClient: vi.fn(() => Promise.reject(new Error('not needed'))),
      }),
      getClient,
    };
  };

  it('shows the provider’s error description, decoded', async () => {
    const { c } = ctrl();
    expect(
      await c.completeOAuthCallback(
        'http://localhost:8787/auth/callback?error=access_denied&error_description=The+user+cancelled',
      ),
    ).toEqual({
      ok: false,
      message: 'The user cancelled',
    });
    expect(
      await c.completeOAuthCallback('http://localhost:8787/auth/callback#error=server_error'),
    ).toEqual({ ok: false, message: 'server_error' });
  });

  it('says "No code detected." for a callback without a code or tokens, and "No session defined in URL" for half a session', async () => {
    const { c } = ctrl();
    expect(await c.completeOAuthCallback('http://localhost:8787/auth/callback')).toEqual({
      ok: false,
      message: 'No code detected.',
    });
    expect(
      await c.completeOAuthCallback(
        'http://localhost:8787/auth/facebook/callback#access_token=abc',
      ),
    ).toEqual({
      ok: false,
      message: 'No session defined in URL',
    });
  });

  it('falls back to "Failed to sign in with Google" when the exchange cannot even start', async () => {
    const { c } = ctrl();
    expect(await c.completeOAuthCallback('http://localhost:8787/auth/callback?code=abc')).toEqual({
      ok: false,
      message: 'Failed to sign in with Google',
    });
  });
});

describe('controller lifecycle under React StrictMode (start, stop, start)', () => {
  it('ends with exactly one live auth subscription and ticker', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const { clientOptions } = await import('../../../src/auth/supabaseClient.ts');
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: storedSession });
    // A real client that is never reached: the session is valid, so nothing needs the network.
    const client = createClient(
      'http://127.0.0.1:9',
      'anon-key',
      clientOptions(SESSION_STORAGE_KEY, storage),
    );
    let live = 0;
    const original = client.auth.onAuthStateChange.bind(client.auth);
    vi.spyOn(client.auth, 'onAuthStateChange').mockImplementation(((
      cb: Parameters<typeof original>[0],
    ) => {
      const sub = original(cb);
      live++;
      const unsubscribe = sub.data.subscription.unsubscribe;
      sub.data.subscription.unsubscribe = () => {
        live--;
        unsubscribe();
      };
      return sub;
    }) as typeof original);
    let release: (c: typeof client) => void = () => {};
    const gate = new Promise<typeof client>((r) => (release = r));
    const { d } = deps(storage);
    const ctrl = createAuthController({ ...d, getClient: () => gate });
    ctrl.start();
    ctrl.stop();
    ctrl.start();
    release(client);
    await new Promise((r) => setTimeout(r, 30));
    expect(live).toBe(1);
    ctrl.stop();
    expect(live).toBe(0);
  });
});

describe('a signed-in user who opens the app with no network', () => {
  it('stays signed in when the access token has expired and cannot be refreshed yet', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    const { clientOptions } = await import('../../../src/auth/supabaseClient.ts');
    const expired = JSON.stringify({
      ...(JSON.parse(storedSession) as object),
      expires_at: Math.floor(Date.now() / 1000) - 600,
    });
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: expired });
    // No network: every request fails as fetch fails offline.
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createClient(
      'https://backend.invalid',
      'anon-key',
      clientOptions(SESSION_STORAGE_KEY, storage, offline as unknown as typeof fetch),
    );
    const seen: [string, boolean][] = [];
    client.auth.onAuthStateChange((event, session) => void seen.push([event, session !== null]));
    const { d } = deps(storage);
    const ctrl = createAuthController({
      ...d,
      getClient: async () => client,
      isOffline: () => true,
    });
    // supabase-js retries the refresh for up to 30 s before it announces the session it has.
    vi.useFakeTimers();
    try {
      ctrl.start();
      for (let s = 0; s < 60 && !seen.some(([e]) => e === 'INITIAL_SESSION'); s++)
        await vi.advanceTimersByTimeAsync(1_000);
      await vi.advanceTimersByTimeAsync(1_000);
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toContainEqual(['INITIAL_SESSION', false]);
    expect(offline).toHaveBeenCalled();
    expect(ctrl.getSnapshot()).toMatchObject({ status: 'signed-in', user: { id: 'u1' } });
    // supabase-js kept the session for when the network is back.
    expect(storage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    ctrl.stop();
  });
});
