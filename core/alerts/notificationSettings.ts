/**
 * Notification settings (enablePush, kpThreshold, lastNotified) and the small database they live in, defined once: the page
 * (Dexie, src/features/settings/notificationSettings.ts) and the service worker (`idb`,
 * src/sw/auroraTrackingDb.ts) open the same database with these names and read the settings
 * through the same `normaliseNotificationSettings`.
 *
 *   IndexedDB database  `aurora-tracking-db`, version 10 (= Dexie `version(1)`)
 *   stores (both out-of-line keys, no indexes):
 *     `aurora-updates`         written by the service worker: raw products fetched in the
 *                              background, and the Kp alert state under `kp-alert-state`;
 *                              written by the page: `forced-offline` → boolean, the user's
 *                              Go Offline choice, which the service worker obeys (it cannot
 *                              read localStorage, where the page keeps its own copy)
 *     `notification-settings`  key `user-settings` → { enablePush: boolean,
 *                                                     kpThreshold: number (kpThreshold.ts: 0–9, default 5),
 *                                                     lastNotified: number | null (epoch ms) }
 *                              key `push-secret`   → string: this browser's push-subscription secret
 *                                                    (the page only; the service worker never reads it)
 * A schema change is a new version here, which both sides then open.
 */

import { DEFAULT_KP_THRESHOLD, KP_MAX, KP_MIN } from './kpThreshold.ts';

export const TRACKING_DB_NAME = 'aurora-tracking-db';
/** The IndexedDB version; Dexie multiplies its own version by 10. */
export const TRACKING_DB_VERSION = 10;
export const TRACKING_DB_DEXIE_VERSION = TRACKING_DB_VERSION / 10;
export const UPDATES_STORE = 'aurora-updates';
export const SETTINGS_STORE = 'notification-settings';
export const SETTINGS_KEY = 'user-settings';
export const ALERT_STATE_KEY = 'kp-alert-state';
/** The user's Go Offline choice (true: no request from any part of the app). */
export const FORCED_OFFLINE_KEY = 'forced-offline';
/** Its own key, so the service worker's read-modify-write of `user-settings` can never drop it. */
export const PUSH_SECRET_KEY = 'push-secret';

export interface NotificationSettings {
  enablePush: boolean;
  kpThreshold: number;
  /** Epoch ms of the last alert shown, or null when none has been shown yet. */
  lastNotified: number | null;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  enablePush: false,
  kpThreshold: DEFAULT_KP_THRESHOLD,
  lastNotified: null,
};

/** Whatever is stored (older shapes, hand edits, a newer app, garbage) read as valid settings. */
export function normaliseNotificationSettings(raw: unknown): NotificationSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const t = r['kpThreshold'];
  const last = r['lastNotified'];
  return {
    enablePush: r['enablePush'] === true,
    kpThreshold:
      typeof t === 'number' && Number.isFinite(t) && t >= KP_MIN && t <= KP_MAX
        ? t
        : DEFAULT_KP_THRESHOLD,
    lastNotified: typeof last === 'number' && Number.isFinite(last) ? last : null,
  };
}
