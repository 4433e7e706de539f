import { networkStore } from '../lib/network/networkMonitor.ts';
import {
  guardedFetch,
  networkAllowed,
  subscribeNetworkAllowed,
} from '../lib/network/networkGate.ts';
import { createAuthController } from './authController.ts';
import type { AuthController } from './authControllerContract.ts';
import { authConfig } from './config.ts';
import type { Eip1193Provider } from './ethereumSignIn.ts';
import { readPersistedUser } from './persistedSession.ts';
import { backendHeaders, getSupabase, startOAuthPkce } from './supabaseClient.ts';

let following: Promise<void> | null = null;

/**
 * The page's client, with preference sync attached the first time it is handed out: SYNC's
 * followAuth() starts, restarts and stops replication of the user's profile preferences on every
 * auth change (a data sync runs at start and again whenever the user changes). Loaded from here
 * so RxDB's replication code is fetched together with supabase-js, not on the first paint.
 */
async function clientWithSync() {
  const client = await getSupabase();
  following ??= Promise.all([
    import('../../sync/pageDatabase.ts'),
    import('../../sync/replication/index.ts'),
  ])
    .then(async ([{ getPageDatabase }, { followAuth }]) => {
      // The page's database: on the map it opens after the first oval (sync/pageDatabase.ts).
      followAuth(await getPageDatabase(), client, {
        // Offline the stored session's user is the user: their edits are theirs, and sync later.
        storedUserId: () =>
          readPersistedUser(safeLocalStorage(), authConfig().storageKey)?.id ?? null,
        network: { allowed: networkAllowed, subscribe: subscribeNetworkAllowed },
      });
    })
    .catch((err: unknown) => {
      following = null;
      console.error('Preference sync could not start:', err);
    });
  return client;
}

/** Account deletion's local half (sync/preferences/forgetLocalUser.ts), loaded with the database when needed. */
async function prepareToForgetUser(userId: string): Promise<() => Promise<void>> {
  const [{ getPageDatabase }, forget] = await Promise.all([
    import('../../sync/pageDatabase.ts'),
    import('../../sync/preferences/forgetLocalUser.ts'),
  ]);
  return forget.prepareToForgetUser(await getPageDatabase(), userId);
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The auth controller wired to the browser: localStorage, fetch, timers, visibility, window.ethereum. */
export function createBrowserAuthController(): AuthController {
  return createAuthController({
    config: authConfig(),
    storage: safeLocalStorage(),
    getClient: clientWithSync,
    backendHeaders,
    startOAuth: startOAuthPkce,
    fetch: guardedFetch,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    isOffline: () => globalThis.navigator?.onLine === false || networkStore.get().forcedOffline,
    location: {
      origin: location.origin,
      host: location.host,
      assign: (url) => location.assign(url),
    },
    ethereum: () => (globalThis as { ethereum?: Eip1193Provider }).ethereum ?? null,
    isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
    onVisibilityChange(fn) {
      if (typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    prepareToForgetUser,
  });
}
