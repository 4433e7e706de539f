import { GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js';
import { eq, type RestClient } from '../_shared/rest.ts';
import { syntheticEmail } from './checks.ts';

export interface MintedSession {
  userId: string;
  email: string;
  session: { access_token: string; refresh_token: string; expires_in: number; expires_at: number | null; token_type: string };
}

export interface SessionMinter {
  mint(address: string, ensName: string | null): Promise<MintedSession>;
}

export interface AuthConfig {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

/**
 * A real Supabase session for the synthetic user of an address: create the user if missing,
 * generate a magic link as admin and redeem its hashed token, exactly as hosted Auth allows.
 * auth-js directly (not supabase-js), because supabase-js's realtime client needs a WebSocket
 * that Node 20 lacks and the functions never use.
 */
export function createAuthSessionMinter(config: AuthConfig): SessionMinter {
  const authUrl = `${config.url.replace(/\/+$/, '')}/auth/v1`;
  const admin = new GoTrueAdminApi({
    url: authUrl,
    headers: { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}` },
    fetch: config.fetch,
  });
  return {
    async mint(address, ensName) {
      const email = syntheticEmail(address);
      const created = await admin.createUser({
        email,
        email_confirm: true,
        user_metadata: { address, chain: 'ethereum', ens_name: ensName },
        app_metadata: { provider: 'ethereum', providers: ['ethereum'] },
      });
      // An existing user is the normal case for a returning wallet.
      if (created.error && created.error.status !== 422 && !/already|exists|registered/i.test(created.error.message)) {
        throw new Error(`Could not create the user: ${created.error.message}`);
      }
      const link = await admin.generateLink({ type: 'magiclink', email });
      if (link.error) throw new Error(`Could not start a session: ${link.error.message}`);
      const tokenHash = link.data.properties.hashed_token;
      // A fresh client per sign-in: no shared session state between concurrent requests.
      const client = new GoTrueClient({
        url: authUrl,
        headers: { apikey: config.anonKey },
        fetch: config.fetch,
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      });
      const verified = await client.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
      if (verified.error || !verified.data.session || !verified.data.user) {
        throw new Error(`Could not start a session: ${verified.error?.message ?? 'no session returned'}`);
      }
      const s = verified.data.session;
      return {
        userId: verified.data.user.id,
        email,
        session: {
          access_token: s.access_token,
          refresh_token: s.refresh_token,
          expires_in: s.expires_in,
          expires_at: s.expires_at ?? null,
          token_type: s.token_type,
        },
      };
    },
  };
}

/** Creates the profile row if missing (first sign-in) and returns it. */
export async function ensureProfile(rest: RestClient, userId: string, email: string): Promise<Record<string, unknown> | null> {
  const now = new Date().toISOString();
  await rest.request('POST', 'profiles?on_conflict=id', {
    body: { id: userId, email, created_at: now, updated_at: now },
    prefer: ['resolution=ignore-duplicates', 'return=minimal'],
  });
  const rows = await rest.request<Record<string, unknown>[]>('GET', `profiles?id=${eq(userId)}&select=*`);
  return rows[0] ?? null;
}
