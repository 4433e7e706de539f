import { ANONYMOUS_PREFERENCES_ID } from '../schemas/preferences.ts';

/**
 * Whose preferences the UI shows and edits: the signed-in user's profile id, or null for the
 * anonymous user of this device. Set by the account sync (sync/replication/accountSync.ts) — or by
 * the auth layer directly — and read by `usePreferences()`. Module state: one per JS realm, like
 * the session it follows.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export function setPreferencesUser(userId: string | null): void {
  if (userId === current) return;
  current = userId;
  for (const l of [...listeners]) l();
}

export function getPreferencesUser(): string | null {
  return current;
}

export function subscribePreferencesUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The `preferences` document id for a user (or the anonymous one). */
export function preferencesDocId(userId: string | null): string {
  return userId ?? ANONYMOUS_PREFERENCES_ID;
}
