/**
 * Notification settings (enablePush, kpThreshold, lastNotified) on the page: the Dexie side of the small database the service
 * worker reads to decide on Kp alerts. Its names, version and the settings' shape are defined once,
 * in core/alerts/notificationSettings.ts, for this file and src/sw/auroraTrackingDb.ts alike.
 */
import Dexie from 'dexie';
import {
  ALERT_RULES_KEY,
  newSubscriberId,
  readDeviceAlerts,
  type DeviceAlerts,
} from '../../../core/alerts/deviceAlerts.ts';
import { KP_MAX, KP_MIN } from '../../../core/alerts/kpThreshold.ts';
import {
  PUSH_SECRET_KEY,
  SETTINGS_KEY,
  SETTINGS_STORE,
  TRACKING_DB_DEXIE_VERSION,
  TRACKING_DB_NAME,
  UPDATES_STORE,
  normaliseNotificationSettings,
  type NotificationSettings,
} from '../../../core/alerts/notificationSettings.ts';

export { KP_MAX, KP_MIN, type NotificationSettings };

function openTrackingDb(indexedDB?: IDBFactory): Dexie {
  const db = new Dexie(
    TRACKING_DB_NAME,
    indexedDB ? { indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : undefined,
  );
  db.version(TRACKING_DB_DEXIE_VERSION).stores({ [UPDATES_STORE]: '', [SETTINGS_STORE]: '' });
  return db;
}

/** Parses the Kp threshold input. Returns the number, or the message to show under the field. */
export function parseKpThreshold(
  input: string,
): { ok: true; value: number } | { ok: false; message: string } {
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
  /** This device's alert rules (core/alerts/deviceAlerts.ts), with its subscriber id made on first use. */
  alerts(): Promise<DeviceAlerts & { subscriberId: string }>;
  /**
   * Changes the stored rules in one transaction: `change` gets the stored ones (in their stored
   * shape, without the subscriber) and returns the new list.
   */
  writeAlerts(
    change: (rules: StoredAlertRule[]) => StoredAlertRule[],
  ): Promise<DeviceAlerts & { subscriberId: string }>;
  close(): void;
}

/** A rule as the page stores it and sends it with the push subscription: `AlertRule` without its subscriber. */
export type StoredAlertRule = Omit<DeviceAlerts['rules'][number], 'subscriber'>;

const SECRET_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

/** 32 random bytes, base64url: what supabase/functions/push-subscription accepts as `secret`. */
export function newPushSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
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
        const next = normaliseNotificationSettings({
          ...normaliseNotificationSettings(await table.get(SETTINGS_KEY)),
          ...patch,
        });
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
    alerts: () => alertsIn(db, table, (rules) => rules),
    writeAlerts: (change) => alertsIn(db, table, change),
    close: () => db.close(),
  };
}

function stored(alerts: DeviceAlerts): StoredAlertRule[] {
  return alerts.rules.map(({ subscriber: _subscriber, ...rule }) => rule);
}

/** Reads (and, when `change` changes anything or no id was made yet, writes) the rules in one transaction. */
function alertsIn(
  db: Dexie,
  table: Dexie.Table<unknown, string>,
  change: (rules: StoredAlertRule[]) => StoredAlertRule[],
): Promise<DeviceAlerts & { subscriberId: string }> {
  return db.transaction('rw', table, async () => {
    const raw = await table.get(ALERT_RULES_KEY);
    // A device from before per-place alerts stored none: its Kp alert is its one rule, as the
    // service worker and the backend read it too.
    const settings = normaliseNotificationSettings(await table.get(SETTINGS_KEY));
    const current = readDeviceAlerts(
      raw ??
        (settings.enablePush
          ? { rules: [{ kind: 'kp', kpThreshold: settings.kpThreshold, allClear: true }] }
          : {}),
    );
    const subscriberId = current.subscriberId ?? newSubscriberId((b) => crypto.getRandomValues(b));
    const before = stored(current);
    const rules = change(before);
    if (
      raw === undefined ||
      current.subscriberId !== subscriberId ||
      JSON.stringify(rules) !== JSON.stringify(before)
    )
      await table.put({ subscriberId, rules }, ALERT_RULES_KEY);
    return readDeviceAlerts({ subscriberId, rules }) as DeviceAlerts & { subscriberId: string };
  });
}
