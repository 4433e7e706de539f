import type { SupabaseClient } from '@supabase/supabase-js';
import { resolveAnonKey } from './anonKey.ts';
import { authConfig } from './config.ts';

/**
 * The one supabase-js client of the page, created on first use. supabase-js is ~50 KB gzip and
 * is not needed to paint `/`, so it is imported dynamically: it loads when someone signs in, when
 * a stored session exists, or when replication starts (sync/ calls getSupabase() too).
 *
 * Options (spec §9): session persisted, implicit flow by default. Token refresh is driven by our
 * own ticker (sessionTicker.ts), so supabase-js' built-in one is off and the two never race.
 * Callback URLs are handled by AuthCallbackPage, so detectSessionInUrl is off: the code or tokens
 * are consumed once, where their errors can be shown.
 */
let client: Promise<SupabaseClient> | null = null;
let resolvedAnonKey = '';

export function getSupabase(): Promise<SupabaseClient> {
  client ??= createLazily().catch((err: unknown) => {
    client = null; // let a later call try again (offline at first use, gateway still starting)
    throw err;
  });
  return client;
}

/** apikey/Authorization headers for direct calls to /functions/v1 (after getSupabase() resolved). */
export async function backendHeaders(): Promise<Record<string, string>> {
  const sb = await getSupabase();
  const { data } = await sb.auth.getSession();
  const bearer = data.session?.access_token ?? resolvedAnonKey;
  return { apikey: resolvedAnonKey, Authorization: `Bearer ${bearer}` };
}

/** True once the client has been asked for (the chunk may still be loading). */
export function supabaseRequested(): boolean {
  return client !== null;
}

async function createLazily(): Promise<SupabaseClient> {
  const cfg = authConfig();
  const [{ createClient }, anonKey] = await Promise.all([
    import('@supabase/supabase-js'),
    resolveAnonKey({
      baked: cfg.anonKey,
      supabaseUrl: cfg.supabaseUrl,
      doc: typeof document === 'undefined' ? null : document,
      fetch: globalThis.fetch.bind(globalThis),
    }),
  ]);
  resolvedAnonKey = anonKey;
  return createClient(cfg.supabaseUrl, anonKey, {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      flowType: 'implicit',
      storageKey: cfg.storageKey,
    },
  });
}

/**
 * Starts an OAuth sign-in with PKCE while the main client stays on the implicit flow. A second
 * auth client with flowType 'pkce' builds the /authorize URL and stores the code verifier where
 * the main client's exchangeCodeForSession() reads it (`<storageKey>-code-verifier`); its storage
 * adapter lets only that key through, so it never sees, refreshes or overwrites the session.
 */
export async function startOAuthPkce(provider: string, redirectTo: string): Promise<{ url: string }> {
  const cfg = authConfig();
  await getSupabase();
  const { AuthClient } = await import('@supabase/supabase-js');
  const verifierKey = `${cfg.storageKey}-code-verifier`;
  const auxKey = `${cfg.storageKey}-oauth`;
  const storage = {
    getItem: (key: string) => (key === `${auxKey}-code-verifier` ? localStorage.getItem(verifierKey) : null),
    setItem: (key: string, value: string) => {
      if (key === `${auxKey}-code-verifier`) localStorage.setItem(verifierKey, value);
    },
    removeItem: (key: string) => {
      if (key === `${auxKey}-code-verifier`) localStorage.removeItem(verifierKey);
    },
  };
  const headers = { apikey: resolvedAnonKey, Authorization: `Bearer ${resolvedAnonKey}` };
  const aux = new AuthClient({
    url: `${cfg.supabaseUrl}/auth/v1`,
    headers,
    storageKey: auxKey,
    storage,
    flowType: 'pkce',
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const { data, error } = await aux.signInWithOAuth({ provider: provider as never, options: { redirectTo, skipBrowserRedirect: true } });
  if (error || !data.url) throw error ?? new Error('No authorize URL');
  return { url: data.url };
}
