import { PRODUCT_PREFIX } from './config.ts';
import type { AuthUser } from './useAuth.ts';

/**
 * The Ethereum session in local storage: session token, address, user id, ENS name, under
 * product-prefixed keys. On load this is looked at first; it counts only when token,
 * address and user id are all present; if the profile is not found the entries are cleared.
 */
export const ETH_KEYS = {
  token: `${PRODUCT_PREFIX}:eth:token`,
  address: `${PRODUCT_PREFIX}:eth:address`,
  userId: `${PRODUCT_PREFIX}:eth:userId`,
  ensName: `${PRODUCT_PREFIX}:eth:ensName`,
} as const;

/** The fixed local suffix of the synthetic user's email (the wallet address comes before it). */
export const ETH_EMAIL_SUFFIX = '@ethereum.local';

export interface EthereumSession {
  token: string;
  address: string;
  userId: string;
  ensName: string | null;
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function get(storage: KeyStore, key: string): string | null {
  try {
    const v = storage.getItem(key);
    return v && v.trim() ? v : null;
  } catch {
    return null;
  }
}

export function readEthereumSession(storage: KeyStore | null): EthereumSession | null {
  if (!storage) return null;
  const token = get(storage, ETH_KEYS.token);
  const address = get(storage, ETH_KEYS.address);
  const userId = get(storage, ETH_KEYS.userId);
  if (!token || !address || !userId) return null;
  return { token, address, userId, ensName: get(storage, ETH_KEYS.ensName) };
}

export function writeEthereumSession(storage: KeyStore, s: EthereumSession): void {
  storage.setItem(ETH_KEYS.token, s.token);
  storage.setItem(ETH_KEYS.address, s.address);
  storage.setItem(ETH_KEYS.userId, s.userId);
  if (s.ensName) storage.setItem(ETH_KEYS.ensName, s.ensName);
  else storage.removeItem(ETH_KEYS.ensName);
}

export function clearEthereumSession(storage: KeyStore | null): void {
  if (!storage) return;
  for (const key of Object.values(ETH_KEYS)) {
    try {
      storage.removeItem(key);
    } catch {
      // storage unavailable: nothing to clear
    }
  }
}

/** Whether an email is the handle the server gives a wallet account (never shown: it reaches no one). */
export function isSyntheticEmail(email: string | null | undefined): boolean {
  return !!email && email.trim().toLowerCase().endsWith(ETH_EMAIL_SUFFIX);
}

/** The synthetic user: the wallet's account, provider ethereum. Its synthetic email is the server's handle, not the person's: none is shown. */
export function ethereumUser(
  s: EthereumSession,
  profile?: { full_name?: string | null; avatar_url?: string | null } | null,
): AuthUser {
  return {
    id: s.userId,
    email: null,
    walletAddress: s.address,
    fullName: profile?.full_name?.trim() || s.ensName || null,
    avatarUrl: profile?.avatar_url ?? null,
    provider: 'ethereum',
  };
}

export type ProfileLookup =
  | { status: 'found'; profile: { full_name?: string | null; avatar_url?: string | null } }
  | { status: 'not-found' }
  /** Could not ask (offline, server down): not evidence that the session is bad. */
  | { status: 'unreachable' };

export type EthereumRestore =
  | { kind: 'none' }
  | { kind: 'signed-in'; session: EthereumSession; user: AuthUser }
  /** Kept while the backend cannot be asked, so an offline start keeps the user signed in. */
  | { kind: 'unverified'; session: EthereumSession; user: AuthUser }
  | { kind: 'cleared' };

/** The on-load rule (a stored Ethereum session counts only if its profile is found), with the profile look-up passed in. */
export async function restoreEthereumSession(
  storage: KeyStore | null,
  lookupProfile: (userId: string, token: string) => Promise<ProfileLookup>,
): Promise<EthereumRestore> {
  const session = readEthereumSession(storage);
  if (!session) return { kind: 'none' };
  const found = await lookupProfile(session.userId, session.token);
  if (found.status === 'found')
    return { kind: 'signed-in', session, user: ethereumUser(session, found.profile) };
  if (found.status === 'unreachable')
    return { kind: 'unverified', session, user: ethereumUser(session) };
  clearEthereumSession(storage);
  return { kind: 'cleared' };
}
