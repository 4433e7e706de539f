import { ethereumUser, readEthereumSession } from './ethereumSession.ts';
import { readPersistedUser } from './persistedSession.ts';
import type { AuthStatus, AuthUser } from './useAuth.ts';

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
}

/** Sync start-up state: a stored Ethereum session first, then supabase-js' persisted one. */
export function initialSnapshot(storage: Storage | null, storageKey: string): AuthSnapshot {
  const eth = readEthereumSession(storage);
  if (eth) return { status: 'signed-in', user: ethereumUser(eth) };
  const user = readPersistedUser(storage, storageKey);
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}
