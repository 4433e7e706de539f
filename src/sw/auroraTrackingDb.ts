/**
 * The small database the service worker shares with the page: `aurora-tracking-db` with
 * the stores `aurora-updates` (raw small products fetched in the background, plus the alert state)
 * and `notification-settings` (key `user-settings`). On `idb`, so the worker stays small and the
 * page can read it with these same functions. Names, version and the settings' shape are
 * core/alerts/notificationSettings.ts, which the page's Dexie side opens too.
 */
import {
  FORCED_OFFLINE_KEY,
  SETTINGS_KEY,
  SETTINGS_STORE,
  UPDATES_STORE,
  normaliseNotificationSettings as normaliseSettings,
  type NotificationSettings,
} from '../../core/alerts/notificationSettings.ts';
import type { AuroraTrackingDb } from '../../sync/trackingDb/openAuroraTrackingDb.ts';

// Opening the database and the background updates are shared with the poller worker, which may not
// import the service worker's files: they live in sync/trackingDb/ (the one data-layer folder the
// service worker may import).
export {
  openAuroraTrackingDb,
  type AuroraTrackingDb,
} from '../../sync/trackingDb/openAuroraTrackingDb.ts';
export { writeBackgroundUpdate } from '../../sync/trackingDb/backgroundUpdates.ts';

export async function readNotificationSettings(
  db: AuroraTrackingDb,
): Promise<NotificationSettings> {
  return normaliseSettings(await db.get(SETTINGS_STORE, SETTINGS_KEY));
}

/**
 * Merges a patch into the stored settings (the page's push toggle and the worker both write here),
 * read and written in one transaction so a write in between is never lost.
 */
export async function writeNotificationSettings(
  db: AuroraTrackingDb,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const tx = db.transaction(SETTINGS_STORE, 'readwrite');
  const next = normaliseSettings({
    ...normaliseSettings(await tx.store.get(SETTINGS_KEY)),
    ...patch,
  });
  await Promise.all([tx.store.put(next, SETTINGS_KEY), tx.done]);
  return next;
}

/** The user's Go Offline choice as the page last stored it; unset reads as online. */
export async function readForcedOffline(db: AuroraTrackingDb): Promise<boolean> {
  return (await db.get(UPDATES_STORE, FORCED_OFFLINE_KEY)) === true;
}

export async function writeForcedOffline(db: AuroraTrackingDb, forced: boolean): Promise<void> {
  await db.put(UPDATES_STORE, forced, FORCED_OFFLINE_KEY);
}
