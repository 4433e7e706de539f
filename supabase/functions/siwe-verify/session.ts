import { GoTrueAdminApi, GoTrueClient, type User } from '@supabase/auth-js';
import { eq, type RestClient } from '../_shared/rest.ts';
import { syntheticEmail } from './checks.ts';

interface MintedSession {
  userId: string;
  email: string;
  session: {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    expires_at: number | null;
    token_type: string;
  };
}

export interface SessionMinter {
  mint(address: string, ensName: string | null): Promise<MintedSession>;
}

export interface AuthConfig {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Service-role PostgREST client: reads and writes `wallet_accounts`. */
  rest: RestClient;
  fetch?: typeof fetch;
}

const randomSuffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * A real Supabase session for the account of a verified address. The account is found through
 * `wallet_accounts` (address → user id, written only with the service role), never by email: an
 * email match would hand the wallet to whoever registered `<address>@ethereum.local` first
 * (issue 11). The email is only the handle hosted Auth needs to mint a session (admin magic link,
 * redeemed here at once); the session's user is checked to be the mapped one before it is returned.
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
  const { rest } = config;

  const mappedUser = async (address: string): Promise<string | null> => {
    const rows = await rest.request<{ user_id: string }[]>(
      'GET',
      `wallet_accounts?address=${eq(address)}&select=user_id`,
    );
    return rows[0]?.user_id ?? null;
  };

  /** Creates the wallet's account; the synthetic email may be held by a pre-fix squatter, so a random one is the fallback. */
  const createWalletUser = async (address: string, ensName: string | null): Promise<User> => {
    for (const email of [syntheticEmail(address), syntheticEmail(`${address}.${randomSuffix()}`)]) {
      const created = await admin.createUser({
        email,
        email_confirm: true,
        user_metadata: { address, chain: 'ethereum', ens_name: ensName },
        app_metadata: { provider: 'ethereum', providers: ['ethereum'], wallet_address: address },
      });
      if (!created.error) return created.data.user;
      if (
        created.error.status !== 422 &&
        !/already|exists|registered/i.test(created.error.message)
      ) {
        throw new Error(`Could not create the user: ${created.error.message}`);
      }
    }
    throw new Error('Could not create the user: its email address is taken');
  };

  /** The mapped account, or a new one mapped now; of two first sign-ins at once, the first mapping wins. */
  const walletAccount = async (address: string, ensName: string | null): Promise<User> => {
    const mapped = await mappedUser(address);
    if (mapped) {
      const found = await admin.getUserById(mapped);
      if (found.error || !found.data.user)
        throw new Error(
          `Could not load the wallet's account: ${found.error?.message ?? 'not found'}`,
        );
      const user = found.data.user;
      if (user.email) return user;
      // Made by the web3 grant (no email): give it the handle the magic link needs.
      const updated = await admin.updateUserById(user.id, {
        email: syntheticEmail(address),
        email_confirm: true,
        app_metadata: { wallet_address: address },
      });
      if (updated.error)
        throw new Error(`Could not prepare the wallet's account: ${updated.error.message}`);
      return updated.data.user;
    }
    const user = await createWalletUser(address, ensName);
    await rest.request('POST', 'wallet_accounts?on_conflict=address', {
      body: { address, user_id: user.id },
      prefer: ['resolution=ignore-duplicates', 'return=minimal'],
    });
    const winner = await mappedUser(address);
    if (winner === user.id) return user;
    await admin.deleteUser(user.id);
    if (!winner) throw new Error('Could not record the wallet');
    const found = await admin.getUserById(winner);
    if (found.error || !found.data.user?.email)
      throw new Error(`Could not load the wallet's account: ${found.error?.message ?? 'no email'}`);
    return found.data.user;
  };

  return {
    async mint(checksummed, ensName) {
      const address = checksummed.toLowerCase();
      const user = await walletAccount(address, ensName);
      const email = user.email!;
      const link = await admin.generateLink({ type: 'magiclink', email });
      if (link.error) throw new Error(`Could not start a session: ${link.error.message}`);
      if (link.data.user?.id !== user.id)
        throw new Error('Could not start a session: the link is for another account');
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
        throw new Error(
          `Could not start a session: ${verified.error?.message ?? 'no session returned'}`,
        );
      }
      // The address decides the account, whatever happened to emails meanwhile.
      if (verified.data.user.id !== user.id)
        throw new Error('Could not start a session: it is for another account');
      const s = verified.data.session;
      return {
        userId: user.id,
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

/** Creates the profile row if missing (first sign-in) and returns it. No email: a wallet has none to show. */
export async function ensureProfile(
  rest: RestClient,
  userId: string,
): Promise<Record<string, unknown> | null> {
  const now = new Date().toISOString();
  await rest.request('POST', 'profiles?on_conflict=id', {
    body: { id: userId, created_at: now, updated_at: now },
    prefer: ['resolution=ignore-duplicates', 'return=minimal'],
  });
  const rows = await rest.request<{ email?: unknown }[]>(
    'GET',
    `profiles?id=${eq(userId)}&select=*`,
  );
  const row = rows[0];
  // The auth.users trigger copied the account's synthetic email; it is a handle, not the person's address.
  return row ? { ...row, email: null } : null;
}
