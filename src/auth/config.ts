/**
 * Where the backend is and how the client talks to it. Read once; everything here is plain data
 * so tests and the Node side can build the same values without Vite.
 *
 * - URL: `VITE_SUPABASE_URL`, else the page's own origin — the local gateway (`npm start`) serves
 *   /auth/v1, /rest/v1, /realtime/v1 and /functions/v1 on the origin that serves the app.
 * - anon key: `VITE_SUPABASE_ANON_KEY`, else asked from the gateway at runtime (see anonKey.ts).
 * - social provider: `VITE_OAUTH_PROVIDER`, default 'google' (the local gateway's test identity
 *   provider answers to any name it is configured with).
 */

export interface AuthConfig {
  supabaseUrl: string;
  /** Null when not baked in at build time: resolved from the gateway on first use. */
  anonKey: string | null;
  oauthProvider: string;
  /** The key supabase-js persists its session under (localStorage). Product-prefixed, fixed. */
  storageKey: string;
  functionsBase: string;
}

/** The product name every local-storage key of ours starts with. */
export const PRODUCT_PREFIX = 'aurora';

/** supabase-js' session key. Fixed (not derived from the host) so the synchronous read at start-up knows where to look. */
export const SESSION_STORAGE_KEY = `${PRODUCT_PREFIX}-auth`;

interface EnvLike {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_OAUTH_PROVIDER?: string;
}

export function buildAuthConfig(env: EnvLike, origin: string): AuthConfig {
  const supabaseUrl = (env.VITE_SUPABASE_URL?.trim() || origin).replace(/\/+$/, '');
  return {
    supabaseUrl,
    anonKey: env.VITE_SUPABASE_ANON_KEY?.trim() || null,
    oauthProvider: env.VITE_OAUTH_PROVIDER?.trim() || 'google',
    storageKey: SESSION_STORAGE_KEY,
    functionsBase: `${supabaseUrl}/functions/v1`,
  };
}

let cached: AuthConfig | null = null;

export function authConfig(): AuthConfig {
  if (!cached) {
    const origin = typeof location === 'undefined' ? 'http://localhost:8787' : location.origin;
    // Optional chaining: the same module is loaded by Node-side tests where there is no Vite env.
    const env = (import.meta as ImportMeta & { env?: EnvLike }).env ?? {};
    cached = buildAuthConfig(env, origin);
  }
  return cached;
}
