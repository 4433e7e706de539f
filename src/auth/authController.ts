import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { authFailure, MSG, validateCredentials, type AuthResult } from './authMessages.ts';
import { createAccountActions } from './accountActions.ts';
import { signInWithEthereumBackend } from './walletSignIn.ts';
import {
  clearEthereumSession,
  ethereumUser,
  readEthereumSession,
  restoreEthereumSession,
  type ProfileLookup,
} from './ethereumSession.ts';
import {
  parsePersistedSession,
  readPersistedUser,
  sameUser,
  toAuthUser,
} from './persistedSession.ts';
import { forgetPlanFeedTokens } from './planFeedTokens.ts';
import { initialSnapshot, type AuthSnapshot } from './startupState.ts';
import {
  ensureProfile,
  PROFILE_ATTEMPTS,
  PROFILE_ATTEMPTS_ON_REFRESH,
  supabaseProfileStore,
} from './profile.ts';
import { isRetryableStatus, startSessionTicker, type SessionTicker } from './sessionTicker.ts';
import type { AuthController, AuthControllerDeps } from './authControllerContract.ts';
import type { AuthUser, Credentials } from './useAuth.ts';

/**
 * Everything behind useAuth(), in plain TypeScript: state, the supabase-js subscription, the
 * refresh ticker, the profile rule and the sign-in actions. AuthProvider only renders it.
 * Every outside thing (client, storage, fetch, time, location, wallet) is passed in.
 */

export { initialSnapshot } from './startupState.ts';

/** The product's fallback message for the configured provider ("Failed to sign in with Google" by default). */
function oauthFallback(provider: string): string {
  if (provider === 'google') return MSG.googleFailed;
  return `Failed to sign in with ${provider.charAt(0).toUpperCase()}${provider.slice(1)}`;
}

export function createAuthController(deps: AuthControllerDeps): AuthController {
  const cfg = deps.config;
  let snapshot = initialSnapshot(deps.storage, cfg.storageKey);
  const listeners = new Set<() => void>();
  /**
   * The session as supabase-js persisted it, read from storage rather than from events: an
   * offline start with an expired token announces no session (INITIAL_SESSION with null) while
   * keeping it stored, and the user is still signed in.
   */
  const storedSession = () => {
    try {
      return parsePersistedSession(deps.storage?.getItem(cfg.storageKey) ?? null);
    } catch {
      return null;
    }
  };
  let unsubscribeAuth: (() => void) | null = null;
  let ticker: SessionTicker | null = null;
  let started = false;
  let stopped = false;
  let wired: Promise<SupabaseClient> | null = null;
  /** Bumped by stop(): a client that finishes loading after a stop must not wire itself. */
  let generation = 0;

  const set = (next: AuthSnapshot) => {
    // Token refreshes re-announce the same user: no re-render for an unchanged one.
    if (next.status === snapshot.status && sameUser(next.user, snapshot.user)) return;
    snapshot = next;
    for (const fn of [...listeners]) fn();
  };
  const signedIn = (user: AuthUser) => set({ status: 'signed-in', user });
  /** Signed out (here, in another tab, or by deleting the account): the user's secrets leave too. */
  const signedOut = () => {
    forgetPlanFeedTokens(deps.storage);
    set({ status: 'signed-out', user: null });
  };

  /** On any auth change the profile is loaded (5 attempts after a refresh), created if missing. */
  const syncProfile = async (client: SupabaseClient, session: Session, event: AuthChangeEvent) => {
    const attempts = event === 'TOKEN_REFRESHED' ? PROFILE_ATTEMPTS_ON_REFRESH : PROFILE_ATTEMPTS;
    const result = await ensureProfile(supabaseProfileStore(client), session.user, {
      attempts,
      sleep: deps.sleep,
      now: deps.now,
    });
    const current = snapshot.user;
    if (result.status !== 'found' || !current || current.id !== session.user.id) return;
    const { full_name, avatar_url } = result.profile;
    if ((!current.fullName && full_name) || (!current.avatarUrl && avatar_url)) {
      signedIn({
        ...current,
        fullName: current.fullName ?? full_name,
        avatarUrl: current.avatarUrl ?? avatar_url,
      });
    }
  };

  const onAuthChange = (
    client: SupabaseClient,
    event: AuthChangeEvent,
    session: Session | null,
  ) => {
    // A new session gets its first tick now (a token this short-lived is refreshed at once).
    if (event === 'SIGNED_IN') ticker?.restart();
    if (!session) {
      // Offline with an expired access token, supabase-js cannot refresh it and announces "no
      // session" while keeping it stored (a network failure is retryable): still signed in.
      if (event === 'INITIAL_SESSION' && storedSession()) return;
      // An Ethereum-only session (no supabase tokens) survives supabase-js saying "no session".
      if (event === 'SIGNED_OUT') clearEthereumSession(deps.storage);
      if (event === 'SIGNED_OUT' || !readEthereumSession(deps.storage)) signedOut();
      return;
    }
    const eth = readEthereumSession(deps.storage);
    const user =
      eth && eth.userId === session.user.id
        ? { ...toAuthUser(session.user), ...ethereumUser(eth) }
        : toAuthUser(session.user);
    const same = snapshot.user;
    signedIn(
      same && same.id === user.id
        ? {
            ...user,
            fullName: user.fullName ?? same.fullName,
            avatarUrl: user.avatarUrl ?? same.avatarUrl,
          }
        : user,
    );
    // Deferred: supabase-js holds its auth lock while calling listeners; awaiting a query here deadlocks.
    deps.setTimer(() => void syncProfile(client, session, event).catch(() => undefined), 0);
  };

  const lookupProfile = async (userId: string, token: string): Promise<ProfileLookup> => {
    try {
      const headers = await deps.backendHeaders();
      // The stored Ethereum token is an access token that expires within the hour; when supabase-js
      // holds the same user's session, its (refreshed) token asks instead.
      const supabaseHasUser = storedSession()?.user?.id === userId;
      const request: Record<string, string> = { ...headers, accept: 'application/json' };
      if (!supabaseHasUser) request['Authorization'] = `Bearer ${token}`;
      const url = `${cfg.supabaseUrl}/rest/v1/profiles?id=eq.${encodeURIComponent(userId)}&select=full_name,avatar_url`;
      const res = await deps.fetch(url, { headers: request });
      if (res.status === 401 || res.status === 403) return { status: 'not-found' }; // the token is no good any more
      if (!res.ok) return { status: 'unreachable' };
      const rows = (await res.json()) as {
        full_name?: string | null;
        avatar_url?: string | null;
      }[];
      const row = rows[0];
      return row ? { status: 'found', profile: row } : { status: 'not-found' };
    } catch {
      return { status: 'unreachable' };
    }
  };

  /** Loads supabase-js and wires events and the ticker, once. */
  const wire = (): Promise<SupabaseClient> => {
    const gen = generation;
    wired ??= deps
      .getClient()
      .then((client) => {
        if (stopped || gen !== generation) return client;
        const { data } = client.auth.onAuthStateChange((event, session) =>
          onAuthChange(client, event, session),
        );
        unsubscribeAuth = () => data.subscription.unsubscribe();
        ticker = startSessionTicker(client.auth, {
          isHidden: deps.isHidden,
          onVisibilityChange: deps.onVisibilityChange,
        });
        return client;
      })
      .catch((err: unknown) => {
        wired = null;
        throw err;
      });
    return wired;
  };

  const bootstrap = async () => {
    if (readEthereumSession(deps.storage)) {
      const restored = await restoreEthereumSession(deps.storage, lookupProfile);
      if (restored.kind === 'signed-in' || restored.kind === 'unverified') signedIn(restored.user);
      else if (!readPersistedUser(deps.storage, cfg.storageKey))
        set({ status: 'signed-out', user: null });
    }
    if (readPersistedUser(deps.storage, cfg.storageKey)) await wire();
  };

  /** Shared front part of every network action: offline and client-load failures become messages. */
  const withClient = async (
    fallback: string,
    run: (client: SupabaseClient) => Promise<AuthResult>,
  ): Promise<AuthResult> => {
    if (deps.isOffline()) return { ok: false, message: MSG.offline };
    let client: SupabaseClient;
    try {
      client = await wire();
    } catch {
      return { ok: false, message: deps.isOffline() ? MSG.offline : fallback };
    }
    try {
      return await run(client);
    } catch (err) {
      return authFailure(err, fallback);
    }
  };

  const credentialsOf = (c: Credentials) => {
    const email = c.email?.trim();
    return email
      ? { email, password: c.password }
      : { phone: (c.phone ?? '').trim(), password: c.password };
  };

  const adopt = (session: Session | null) => {
    if (!session) return;
    signedIn(toAuthUser(session.user));
  };

  return {
    ...createAccountActions({
      deps,
      withClient,
      user: () => snapshot.user,
      hasStoredSession: () => storedSession() !== null,
      signedOut,
    }),
    getSnapshot: () => snapshot,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    start() {
      if (started) return;
      started = true;
      stopped = false;
      void bootstrap().catch(() => undefined); // offline start: the synchronous state stands
    },
    /** Tears down the subscription and ticker; start() may be called again (React StrictMode does). */
    stop() {
      started = false;
      stopped = true;
      generation++;
      unsubscribeAuth?.();
      unsubscribeAuth = null;
      ticker?.stop();
      ticker = null;
      wired = null;
    },

    async signInWithPassword(c) {
      const invalid = validateCredentials(c);
      if (invalid) return { ok: false, message: invalid };
      return withClient(MSG.signInFailed, async (client) => {
        const { data, error } = await client.auth.signInWithPassword(credentialsOf(c));
        if (error) return authFailure(error, MSG.signInFailed);
        adopt(data.session);
        return { ok: true };
      });
    },

    async signUp(c) {
      const invalid = validateCredentials(c);
      if (invalid) return { ok: false, message: invalid };
      return withClient(MSG.signUpFailed, async (client) => {
        const { data, error } = await client.auth.signUp({
          ...credentialsOf(c),
          options: { emailRedirectTo: `${deps.location.origin}/auth/callback` },
        });
        if (error) return authFailure(error, MSG.signUpFailed, c.password);
        if (!data.session)
          return { ok: true, message: 'Check your email to confirm your account, then sign in.' };
        adopt(data.session);
        return { ok: true };
      });
    },

    async signInWithOAuth() {
      const fallback = oauthFallback(cfg.oauthProvider);
      return withClient(fallback, async () => {
        const { url } = await deps.startOAuth(
          cfg.oauthProvider,
          `${deps.location.origin}/auth/callback`,
        );
        deps.location.assign(url);
        return { ok: true };
      });
    },

    async completeOAuthCallback(href) {
      const fallback = oauthFallback(cfg.oauthProvider);
      const url = new URL(href);
      const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
      const param = (k: string) => url.searchParams.get(k) ?? hash.get(k);
      // URLSearchParams already decodes '+' as a space.
      const described = param('error_description') ?? param('error');
      if (described) return { ok: false, message: described };
      const code = url.searchParams.get('code');
      const access_token = hash.get('access_token');
      const refresh_token = hash.get('refresh_token');
      // Callback URL errors (the product's wording), decided before anything is loaded.
      if (!code && !access_token) return { ok: false, message: 'No code detected.' };
      if (!code && !refresh_token) return { ok: false, message: 'No session defined in URL' };
      return withClient(fallback, async (client) => {
        const { data, error } = code
          ? await client.auth.exchangeCodeForSession(code)
          : await client.auth.setSession({
              access_token: access_token!,
              refresh_token: refresh_token!,
            });
        if (error) return authFailure(error, fallback);
        adopt(data.session);
        return { ok: true };
      });
    },

    signInWithEthereum: () => signInWithEthereumBackend({ deps, withClient, signedIn }),

    async signOut() {
      clearEthereumSession(deps.storage);
      if (!wired && !readPersistedUser(deps.storage, cfg.storageKey)) {
        signedOut();
        return { ok: true };
      }
      try {
        const client = await wire();
        let { error } = await client.auth.signOut();
        if (error && (deps.isOffline() || isRetryableStatus(error.status))) {
          // The server cannot be reached: sign out on this device anyway. supabase-js only skips
          // the server call when it finds no stored session, so forget it first; the local
          // sign-out then still emits SIGNED_OUT (preference sync stops on it).
          deps.storage?.removeItem(cfg.storageKey);
          ({ error } = await client.auth.signOut({ scope: 'local' }));
        }
        if (error) return { ok: false, message: MSG.signOutFailed };
        signedOut();
        return { ok: true };
      } catch {
        if (!deps.isOffline()) return { ok: false, message: MSG.signOutFailed };
        // Offline and supabase-js not loaded: forget the session on this device; the server-side
        // refresh token simply expires unused.
        deps.storage?.removeItem(cfg.storageKey);
        signedOut();
        return { ok: true };
      }
    },
  };
}
