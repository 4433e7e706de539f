/**
 * The small database the service worker shares with the page: `aurora-tracking-db` with
 * the stores `aurora-updates` (raw small products fetched in the background, plus the alert state)
 * and `notification-settings` (key `user-settings`). Plain IndexedDB, so the worker stays small and
 * the page can read it with these same functions. Names, version and the settings' shape are
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
import { withStore } from '../../sync/trackingDb/backgroundUpdates.ts';

// Opening the database and the background updates are shared with the poller worker, which may not
// import the service worker's files: they live in sync/trackingDb/ (the one data-layer folder the
// service worker may import).
export {
  openAuroraTrackingDb,
  withStore,
  writeBackgroundUpdate,
} from '../../sync/trackingDb/backgroundUpdates.ts';

export async function readNotificationSettings(db: IDBDatabase): Promise<NotificationSettings> {
  return normaliseSettings(
    await withStore(db, SETTINGS_STORE, 'readonly', (s) => s.get(SETTINGS_KEY)),
  );
}

/** Merges a patch into the stored settings (the page's push toggle and the worker both write here). */
export async function writeNotificationSettings(
  db: IDBDatabase,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const next = normaliseSettings({ ...(await readNotificationSettings(db)), ...patch });
  await withStore(db, SETTINGS_STORE, 'readwrite', (s) => s.put(next, SETTINGS_KEY));
  return next;
}

/** The user's Go Offline choice as the page last stored it; unset reads as online. */
export async function readForcedOffline(db: IDBDatabase): Promise<boolean> {
  return (
    (await withStore(db, UPDATES_STORE, 'readonly', (s) => s.get(FORCED_OFFLINE_KEY))) === true
  );
}

export async function writeForcedOffline(db: IDBDatabase, forced: boolean): Promise<void> {
  await withStore(db, UPDATES_STORE, 'readwrite', (s) => s.put(forced, FORCED_OFFLINE_KEY));
}
