import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { setPreferencesUser } from '../../sync/preferences/activeUser.ts';
import type { AuthController } from './authControllerContract.ts';
import { authConfig } from './config.ts';
import { createLazyAuthController } from './lazyAuthController.ts';
import { readPersistedUser } from './persistedSession.ts';
import { AuthContext, type AuthState } from './useAuth.ts';

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's controller: start-up state now, the rest (and supabase-js) loaded when needed. */
function createAppController(): AuthController {
  const storage = safeLocalStorage();
  // A stored session's user is known before any network: theirs are the preferences shown and
  // edited from the first render, offline too (the preference sync takes over when it starts).
  const stored = readPersistedUser(storage, authConfig().storageKey);
  if (stored) setPreferencesUser(stored.id);
  return createLazyAuthController({
    storage,
    storageKey: authConfig().storageKey,
    load: () => import('./browserAuthController.ts').then((m) => m.createBrowserAuthController()),
  });
}

/**
 * Supplies useAuth(). The first render already knows whether a session is stored (read
 * synchronously from localStorage), so /login can redirect a signed-in user before supabase-js has
 * loaded; supabase-js itself is loaded only when a session exists or an action needs it.
 * `controller` is for tests; the app passes nothing.
 */
export function AuthProvider({
  children,
  controller,
}: {
  children: ReactNode;
  controller?: AuthController;
}) {
  const [ctrl] = useState(() => controller ?? createAppController());
  useEffect(() => {
    ctrl.start();
    return () => ctrl.stop();
  }, [ctrl]);
  const snap = useSyncExternalStore(ctrl.subscribe, ctrl.getSnapshot, ctrl.getSnapshot);
  const hasEthereumWallet =
    typeof globalThis !== 'undefined' && Boolean((globalThis as { ethereum?: unknown }).ethereum);
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
      requestPasswordReset: ctrl.requestPasswordReset,
      updatePassword: ctrl.updatePassword,
      deleteAccount: ctrl.deleteAccount,
      signOut: ctrl.signOut,
    }),
    [snap, ctrl, hasEthereumWallet],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
