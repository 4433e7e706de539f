import type {
  AuthClient as AuthClientType,
  SupabaseClientOptions,
  SupabaseClient,
} from '@supabase/supabase-js';
import { guardedFetch, networkAllowed } from '../lib/network/networkGate.ts';
import { resolveAnonKey } from './anonKey.ts';
import { authConfig } from './config.ts';

/**
 * The one supabase-js client of the page, created on first use. supabase-js is ~50 KB gzip and
 * is not needed to paint `/`, so it is imported dynamically: it loads when someone signs in, when
 * a stored session exists, or when replication starts (sync/ calls getSupabase() too).
 */
let client: Promise<SupabaseClient> | null = null;
let resolvedAnonKey = '';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Client options: session persisted, implicit flow by default. Token refresh is supabase-js' own
 * ticker, started and stopped with the page's visibility by sessionTicker.ts (hence
 * autoRefreshToken off: the controller, not the client's own window listener, runs it).
 * Callback URLs are handled by AuthCallbackPage, so detectSessionInUrl is off: the code or tokens
 * are consumed once, where their errors can be shown. Every request of the client (auth, REST)
 * goes through `fetch`: the page passes one that sends nothing under Go Offline.
 */
export function clientOptions(
  storageKey: string,
  storage?: KeyValueStorage,
  fetch?: typeof globalThis.fetch,
): SupabaseClientOptions<'public'> {
  return {
    ...(fetch ? { global: { fetch } } : {}),
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      flowType: 'implicit',
      storageKey,
      ...(storage ? { storage } : {}),
    },
  };
}

export function getSupabase(): Promise<SupabaseClient> {
  client ??= createLazily().catch((err: unknown) => {
    client = null; // let a later call try again (offline at first use, gateway still starting)
    throw err;
  });
  return client;
}

/** apikey/Authorization headers for direct calls to /functions/v1 and /rest/v1. */
export async function backendHeaders(): Promise<Record<string, string>> {
  const sb = await getSupabase();
  const { data } = await sb.auth.getSession();
  const bearer = data.session?.access_token ?? resolvedAnonKey;
  return { apikey: resolvedAnonKey, Authorization: `Bearer ${bearer}` };
}

/**
 * fetch with the backend's apikey and the current user's JWT (or the anon key): what the request
 * queue's replay (sync/queue replayQueue) needs to send queued function and REST calls as the user.
 */
export async function backendFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(await backendHeaders()))
    if (!headers.has(k)) headers.set(k, v);
  return guardedFetch(input, { ...init, headers });
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

async function createLazily(): Promise<SupabaseClient> {
  const cfg = authConfig();
  const [{ createClient }, anonKey] = await Promise.all([
    import('@supabase/supabase-js'),
    resolveAnonKey({
      baked: cfg.anonKey,
      supabaseUrl: cfg.supabaseUrl,
      doc: typeof document === 'undefined' ? null : document,
      fetch: guardedFetch,
      // Kept beside the session, so a signed-in user who opens the app offline has a client.
      storage: safeLocalStorage(),
      networkAllowed: networkAllowed(),
    }),
  ]);
  resolvedAnonKey = anonKey;
  return createClient(
    cfg.supabaseUrl,
    anonKey,
    clientOptions(cfg.storageKey, undefined, guardedFetch),
  );
}

/**
 * Builds the /authorize URL of an OAuth sign-in with PKCE while the main client stays on the
 * implicit flow. A second auth client with flowType 'pkce' makes the URL and stores the code
 * verifier where the main client's exchangeCodeForSession() reads it (`<storageKey>-code-verifier`);
 * its storage adapter lets only that key through, so it never sees, refreshes or overwrites the session.
 */
export async function buildPkceAuthorizeUrl(p: {
  AuthClient: typeof AuthClientType;
  supabaseUrl: string;
  anonKey: string;
  storageKey: string;
  storage: KeyValueStorage;
  provider: string;
  redirectTo: string;
}): Promise<string> {
  const verifierKey = `${p.storageKey}-code-verifier`;
  const auxKey = `${p.storageKey}-oauth`;
  const auxVerifierKey = `${auxKey}-code-verifier`;
  const storage = {
    getItem: (key: string) => (key === auxVerifierKey ? p.storage.getItem(verifierKey) : null),
    setItem: (key: string, value: string) => {
      if (key === auxVerifierKey) p.storage.setItem(verifierKey, value);
    },
    removeItem: (key: string) => {
      if (key === auxVerifierKey) p.storage.removeItem(verifierKey);
    },
  };
  const aux = new p.AuthClient({
    url: `${p.supabaseUrl}/auth/v1`,
    headers: { apikey: p.anonKey, Authorization: `Bearer ${p.anonKey}` },
    storageKey: auxKey,
    storage,
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const { data, error } = await aux.signInWithOAuth({
    provider: p.provider as Parameters<typeof aux.signInWithOAuth>[0]['provider'],
    options: { redirectTo: p.redirectTo, skipBrowserRedirect: true },
  });
  if (error || !data.url) throw error ?? new Error('No authorize URL');
  return data.url;
}

export async function startOAuthPkce(
  provider: string,
  redirectTo: string,
): Promise<{ url: string }> {
  const cfg = authConfig();
  await getSupabase(); // resolves the anon key
  const { AuthClient } = await import('@supabase/supabase-js');
  const url = await buildPkceAuthorizeUrl({
    AuthClient,
    supabaseUrl: cfg.supabaseUrl,
    anonKey: resolvedAnonKey,
    storageKey: cfg.storageKey,
    storage: localStorage,
    provider,
    redirectTo,
  });
  return { url };
}
