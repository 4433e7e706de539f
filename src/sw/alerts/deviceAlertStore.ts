/**
 * The device's alert rules and the engine's state for them in `aurora-tracking-db`
 * (core/alerts/deviceAlerts.ts has the layout), read and written by the service worker.
 */
import {
  ALERT_ENGINE_KEY,
  ALERT_RULES_KEY,
  readDeviceAlerts,
  readDeviceEngineState,
  type DeviceAlerts,
  type DeviceEngineState,
} from '../../../core/alerts/deviceAlerts.ts';
import {
  ALERT_STATE_KEY,
  PUSH_SECRET_KEY,
  SETTINGS_STORE,
  UPDATES_STORE,
} from '../../../core/alerts/notificationSettings.ts';
import { readAlertRule, ruleKey } from '../../../core/alerts/alertRule.ts';
import { readNotificationSettings, withStore } from '../auroraTrackingDb.ts';

export { readForcedOffline } from '../auroraTrackingDb.ts';

/**
 * The rules the page stored. A device from before per-place alerts has none stored: its Kp alert
 * (push on, a threshold) is its one rule, as the backend made it for its subscription.
 */
export async function readAlertRules(db: IDBDatabase): Promise<DeviceAlerts> {
  const raw = await withStore(db, SETTINGS_STORE, 'readonly', (s) => s.get(ALERT_RULES_KEY));
  if (raw !== undefined) return readDeviceAlerts(raw);
  const settings = await readNotificationSettings(db);
  return readDeviceAlerts(
    settings.enablePush
      ? { rules: [{ kind: 'kp', kpThreshold: settings.kpThreshold, allClear: true }] }
      : {},
  );
}

/** "Mute tonight" on this device: the rule stays muted until `until`, whoever alerts next. */
export async function muteRule(db: IDBDatabase, key: string, until: number): Promise<void> {
  const raw = (await withStore(db, SETTINGS_STORE, 'readonly', (s) => s.get(ALERT_RULES_KEY))) as
    { rules?: unknown[] } | undefined;
  if (!raw || !Array.isArray(raw.rules)) return;
  const rules = raw.rules.map((r) => {
    const read = readAlertRule(r && typeof r === 'object' ? { ...r, subscriber: 'device' } : r);
    return read.ok && ruleKey(read.rule) === key ? { ...(r as object), mutedUntil: until } : r;
  });
  await withStore(db, SETTINGS_STORE, 'readwrite', (s) =>
    s.put({ ...raw, rules }, ALERT_RULES_KEY),
  );
}

export async function readEngineState(db: IDBDatabase): Promise<DeviceEngineState> {
  return readDeviceEngineState(
    await withStore(db, UPDATES_STORE, 'readonly', (s) => s.get(ALERT_ENGINE_KEY)),
  );
}

export async function writeEngineState(db: IDBDatabase, state: DeviceEngineState): Promise<void> {
  await withStore(db, UPDATES_STORE, 'readwrite', (s) => s.put(state, ALERT_ENGINE_KEY));
  // The Kp-only alert state of the versions before the engine: its place is taken.
  await withStore(db, UPDATES_STORE, 'readwrite', (s) => s.delete(ALERT_STATE_KEY));
}

/** The push subscription's secret the page made (its proof for "Mute tonight"); null when none. */
export async function readPushSecret(db: IDBDatabase): Promise<string | null> {
  const secret = await withStore(db, SETTINGS_STORE, 'readonly', (s) => s.get(PUSH_SECRET_KEY));
  return typeof secret === 'string' ? secret : null;
}
