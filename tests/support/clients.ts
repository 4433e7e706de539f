import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/**
 * A supabase-js client for Node tests: no persisted session, `ws` as the realtime transport (Node
 * 20 has none). `fetch`: the client's HTTP, for a test that holds some answers back (heldAnswers.ts).
 */
export function testClient(
  url: string,
  key: string,
  opts: { flowType?: 'pkce' | 'implicit'; fetch?: typeof fetch } = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: opts.flowType ?? 'implicit',
    },
    ...(opts.fetch ? { global: { fetch: opts.fetch } } : {}),
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

let n = 0;
/** A unique, valid address for each call. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${n++}@example.com`;

/** Satisfies the weak-password rule: 8+ characters with lower, upper and digit, not a known leak. */
export const STRONG_PASSWORD = 'Borealis-Kp7-Night';
