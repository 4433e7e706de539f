import type { PreferenceColumn, PreferenceColumns } from '../replication/preferencesRow.ts';

/**
 * Preference changes this device could not store because its storage is full. They are shown
 * over the stored values (the user sees what they chose), folded into the next write that does
 * store, and for a signed-in user sent to the profile directly: replication pushes only what is
 * stored, so without this the change would never leave the page. Kept in memory only — there is
 * nowhere else to keep them — so they last as long as the page.
 */
type Columns = Partial<PreferenceColumns>;

/** By preferences document id (the user id, or `local`). Values are replaced, never changed. */
const unsaved = new Map<string, Readonly<Columns>>();
const listeners = new Set<() => void>();
const NONE: Readonly<Columns> = Object.freeze({});

function changed(): void {
  for (const l of [...listeners]) l();
}

export function subscribeUnsaved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The columns of a document that are not stored on this device (empty when all are). The same
 * object until they change, so it can be a `useSyncExternalStore` snapshot.
 */
export function unsavedColumns(docId: string): Readonly<Columns> {
  return unsaved.get(docId) ?? NONE;
}

export function rememberUnsaved(docId: string, columns: Columns): void {
  unsaved.set(docId, { ...unsaved.get(docId), ...columns });
  changed();
}

/** These columns are stored now (a later write took them along): nothing to show over them. */
export function forgetUnsaved(docId: string, columns: readonly PreferenceColumn[]): void {
  const kept = unsaved.get(docId);
  if (!kept) return;
  const rest: Columns = { ...kept };
  for (const c of columns) delete rest[c];
  if (Object.keys(rest).length === 0) unsaved.delete(docId);
  else unsaved.set(docId, rest);
  changed();
}

/** Writes columns of the user's profile row on the server; throws when it could not. */
export type ProfilePusher = (columns: Columns) => Promise<void>;
const pushers = new Map<string, ProfilePusher>();

/** The account sync registers how to reach the user's profile; returns the unregister. */
export function setProfilePusher(userId: string, pusher: ProfilePusher): () => void {
  pushers.set(userId, pusher);
  return () => {
    if (pushers.get(userId) === pusher) pushers.delete(userId);
  };
}

/**
 * Where a signed-in user's unstored change is: `saved` in the account, or `pending` (no network,
 * or no account sync yet) — sent when the account sync starts again with the network back.
 */
export type AccountCopy = 'saved' | 'pending';

/** Sends the user's unstored columns to their profile, if any; none left to send is `saved`. */
export async function pushUnsaved(userId: string): Promise<AccountCopy> {
  const columns = unsaved.get(userId);
  if (!columns || Object.keys(columns).length === 0) return 'saved';
  const push = pushers.get(userId);
  if (!push) return 'pending';
  try {
    await push({ ...columns });
    return 'saved';
  } catch {
    return 'pending';
  }
}

/** The outcome of a preference change the page reports. */
export type PreferenceSave = { stored: true } | { stored: false; account: AccountCopy | null };

/** What the page says when a change could not be stored; null when it was. In words, no error names. */
export function notStoredSentence(save: PreferenceSave): string | null {
  if (save.stored) return null;
  const full = "This device's storage is full, so this change is not kept on this device";
  if (save.account === 'saved') return `${full}. It is saved to your account.`;
  if (save.account === 'pending')
    return `${full}. It goes to your account once the connection is back, if this page stays open.`;
  return `${full}: it lasts until the app is closed.`;
}
