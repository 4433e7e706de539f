/**
 * Notification settings (spec §3), in the small database the service worker reads to decide on
 * Kp alerts. THE SCHEMA IS SHARED — keep it stable:
 *
 *   IndexedDB database  `aurora-tracking-db`
 *   Dexie version(1)  = IndexedDB version 10
 *   stores (both out-of-line keys, no indexes):
 *     `aurora-updates`         written by the service worker (src/sw/auroraTrackingDb.ts)
 *     `notification-settings`  key `user-settings` → { enablePush: boolean,
 *                                                     kpThreshold: number (0–9, default 5),
 *                                                     lastNotified: number | null (epoch ms) }
 *                              key `push-secret`   → string: this browser's push-subscription secret
 *                                                    (the page only; the service worker never reads it)
 *
 * The service worker opens the same database with plain IndexedDB at version 10 and the same two
 * stores; a schema change needs a new version here AND there, in the same release.
 */
import Dexie from 'dexie';

export const TRACKING_DB_NAME = 'aurora-tracking-db';
export const TRACKING_DB_DEXIE_VERSION = 1;
export const UPDATES_STORE = 'aurora-updates';
export const SETTINGS_STORE = 'notification-settings';
export const SETTINGS_KEY = 'user-settings';
/** Its own key, so the service worker's read-modify-write of `user-settings` can never drop it. */
export const PUSH_SECRET_KEY = 'push-secret';

/** Spec §9: default Kp alert threshold. */
export const DEFAULT_KP_THRESHOLD = 5;
export const KP_MIN = 0;
export const KP_MAX = 9;

export interface NotificationSettings {
  enablePush: boolean;
  kpThreshold: number;
  lastNotified: number | null;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  enablePush: false,
  kpThreshold: DEFAULT_KP_THRESHOLD,
  lastNotified: null,
};

function openTrackingDb(indexedDB?: IDBFactory): Dexie {
  const db = new Dexie(TRACKING_DB_NAME, indexedDB ? { indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : undefined);
  db.version(TRACKING_DB_DEXIE_VERSION).stores({ [UPDATES_STORE]: '', [SETTINGS_STORE]: '' });
  return db;
}

/** Whatever is stored (older shapes, hand edits, a newer app) read as valid settings. */
export function normaliseNotificationSettings(raw: unknown): NotificationSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const t = r['kpThreshold'];
  const last = r['lastNotified'];
  return {
    enablePush: r['enablePush'] === true,
    kpThreshold: typeof t === 'number' && Number.isFinite(t) && t >= KP_MIN && t <= KP_MAX ? t : DEFAULT_KP_THRESHOLD,
    lastNotified: typeof last === 'number' && Number.isFinite(last) ? last : null,
  };
}

/** Parses the Kp threshold input. Returns the number, or the message to show under the field. */
export function parseKpThreshold(input: string): { ok: true; value: number } | { ok: false; message: string } {
  const text = input.trim();
  const message = `Enter a Kp value from ${KP_MIN} to ${KP_MAX}.`;
  if (!text) return { ok: false, message };
  const value = Number(text);
  if (!Number.isFinite(value) || value < KP_MIN || value > KP_MAX) return { ok: false, message };
  return { ok: true, value };
}

export interface NotificationSettingsStore {
  read(): Promise<NotificationSettings>;
  /** Merges `patch` into what is stored, in one transaction, and returns the result. */
  write(patch: Partial<NotificationSettings>): Promise<NotificationSettings>;
  /**
   * This browser's push-subscription secret, created on first use and kept. The server stores only
   * its hash and lets only its holder (or the signed-in owner) change or remove the subscription.
   */
  pushSecret(): Promise<string>;
  close(): void;
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

/** 32 random bytes, base64url: what supabase/functions/push-subscription accepts as `secret`. */
export function newPushSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Opens the store. `indexedDB` is for tests (fake-indexeddb); the page uses the browser's. */
export function openNotificationSettings(indexedDB?: IDBFactory): NotificationSettingsStore {
  const db = openTrackingDb(indexedDB);
  const table = db.table<unknown, string>(SETTINGS_STORE);
  return {
    async read() {
      return normaliseNotificationSettings(await table.get(SETTINGS_KEY));
    },
    async write(patch) {
      return db.transaction('rw', table, async () => {
        const next = normaliseNotificationSettings({ ...normaliseNotificationSettings(await table.get(SETTINGS_KEY)), ...patch });
        await table.put(next, SETTINGS_KEY);
        return next;
      });
    },
    async pushSecret() {
      return db.transaction('rw', table, async () => {
        const stored = await table.get(PUSH_SECRET_KEY);
        if (typeof stored === 'string' && SECRET_SHAPE.test(stored)) return stored;
        const secret = newPushSecret();
        await table.put(secret, PUSH_SECRET_KEY);
        return secret;
      });
    },
    close: () => db.close(),
  };
}
