import { isSyntheticEmail } from './ethereumSession.ts';
import type { AuthUser } from './useAuth.ts';

/** The parts of a supabase-js user we read. Kept structural so this file never imports supabase-js. */
export interface BackendUser {
  id: string;
  email?: string | null;
  user_metadata?: Record<string, unknown> | null;
  app_metadata?: Record<string, unknown> | null;
}

/** What supabase-js writes to localStorage under its storage key. */
export interface PersistedSession {
  access_token: string;
  refresh_token: string;
  /** Epoch seconds. */
  expires_at?: number;
  user?: BackendUser | null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** Social sign-ups take avatar_url from avatar_url or picture, full_name from full_name or name. */
export function toAuthUser(user: BackendUser): AuthUser {
  const meta = user.user_metadata ?? {};
  const app = user.app_metadata ?? {};
  const email = text(user.email);
  const claims =
    meta['custom_claims'] && typeof meta['custom_claims'] === 'object'
      ? (meta['custom_claims'] as Record<string, unknown>)
      : {};
  // A wallet account: the address set by the server, the web3 grant's claims, or the synthetic email's local part.
  const wallet =
    text(app['wallet_address']) ??
    text(claims['address']) ??
    (isSyntheticEmail(email) ? email!.split('@')[0]! : null);
  return {
    id: user.id,
    email: isSyntheticEmail(email) ? null : email,
    fullName: text(meta['full_name']) ?? text(meta['name']) ?? text(meta['ens_name']),
    avatarUrl: text(meta['avatar_url']) ?? text(meta['picture']),
    provider: text(app['provider']) ?? 'email',
    ...(wallet ? { walletAddress: wallet } : {}),
  };
}

export function parsePersistedSession(raw: string | null): PersistedSession | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const s = value as Partial<PersistedSession>;
  if (typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string' || !s.refresh_token)
    return null;
  if (!s.user || typeof s.user.id !== 'string') return null;
  return s as PersistedSession;
}

/**
 * The user of the session supabase-js persisted, read synchronously at start-up so a signed-in
 * user is sent away from /login before supabase-js (a separate chunk) has even loaded. An expired
 * access token still counts: its refresh token is what supabase-js uses to renew it, and if that
 * fails the provider hears SIGNED_OUT and drops the user.
 */
export function readPersistedUser(
  storage: Pick<Storage, 'getItem'> | null,
  key: string,
): AuthUser | null {
  if (!storage) return null;
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): behave as signed out
  }
  const session = parsePersistedSession(raw);
  return session?.user ? toAuthUser(session.user) : null;
}

/** The same user as far as the screens can tell: token refreshes re-announce an unchanged user. */
export function sameUser(a: AuthUser | null, b: AuthUser | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.id === b.id &&
      a.email === b.email &&
      a.fullName === b.fullName &&
      a.avatarUrl === b.avatarUrl &&
      a.provider === b.provider &&
      (a.walletAddress ?? null) === (b.walletAddress ?? null))
  );
}
