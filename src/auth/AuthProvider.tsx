import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { networkStore } from '../lib/network/networkMonitor.ts';
import { createAuthController, type AuthController } from './authController.ts';
import { authConfig } from './config.ts';
import type { Eip1193Provider } from './ethereumSignIn.ts';
import { backendHeaders, getSupabase, startOAuthPkce } from './supabaseClient.ts';
import { AuthContext, type AuthState } from './useAuth.ts';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The browser wiring of the auth controller. Tests build controllers with their own deps. */
export function createBrowserAuthController(): AuthController {
  return createAuthController({
    config: authConfig(),
    storage: safeLocalStorage(),
    getClient: getSupabase,
    backendHeaders,
    startOAuth: startOAuthPkce,
    fetch: (input, init) => globalThis.fetch(input, init),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    isOffline: () => globalThis.navigator?.onLine === false || networkStore.get().forcedOffline,
    location: {
      origin: location.origin,
      host: location.host,
      assign: (url) => location.assign(url),
    },
    ethereum: () => ((globalThis as { ethereum?: Eip1193Provider }).ethereum ?? null),
    isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
    onVisibilityChange(fn) {
      if (typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
}

/**
 * Supplies useAuth(). The first render already knows whether a session is stored (read
 * synchronously from localStorage), so /login can redirect a signed-in user before supabase-js has
 * loaded; supabase-js itself is loaded only when a session exists or an action needs it.
 * `controller` is for tests and stories; the app passes nothing.
 */
export function AuthProvider({ children, controller }: { children: ReactNode; controller?: AuthController }) {
  const [ctrl] = useState(() => controller ?? createBrowserAuthController());
  useEffect(() => {
    ctrl.start();
    return () => ctrl.stop();
  }, [ctrl]);
  const snap = useSyncExternalStore(ctrl.subscribe, ctrl.getSnapshot, ctrl.getSnapshot);
  const hasEthereumWallet = typeof globalThis !== 'undefined' && Boolean((globalThis as { ethereum?: unknown }).ethereum);
  const value = useMemo<AuthState>(
    () => ({
      status: snap.status,
      user: snap.user,
      oauthProvider: authConfig().oauthProvider,
      hasEthereumWallet,
      signInWithPassword: ctrl.signInWithPassword,
      signUp: ctrl.signUp,
      signInWithOAuth: ctrl.signInWithOAuth,
      signInWithEthereum: ctrl.signInWithEthereum,
      completeOAuthCallback: ctrl.completeOAuthCallback,
      signOut: ctrl.signOut,
    }),
    [snap, ctrl, hasEthereumWallet],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export default AuthProvider;
