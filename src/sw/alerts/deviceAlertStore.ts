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
import { readNotificationSettings, type AuroraTrackingDb } from '../auroraTrackingDb.ts';

export { readForcedOffline } from '../auroraTrackingDb.ts';

/**
 * The rules the page stored. A device from before per-place alerts has none stored: its Kp alert
 * (push on, a threshold) is its one rule, as the backend made it for its subscription.
 */
export async function readAlertRules(db: AuroraTrackingDb): Promise<DeviceAlerts> {
  const raw = await db.get(SETTINGS_STORE, ALERT_RULES_KEY);
  if (raw !== undefined) return readDeviceAlerts(raw);
  const settings = await readNotificationSettings(db);
  return readDeviceAlerts(
    settings.enablePush
      ? { rules: [{ kind: 'kp', kpThreshold: settings.kpThreshold, allClear: true }] }
      : {},
  );
}

/**
 * "Mute tonight" on this device: the rule stays muted until `until`, whoever alerts next. Read and
 * written in one transaction, so a rule the page saves meanwhile is not overwritten.
 */
export async function muteRule(db: AuroraTrackingDb, key: string, until: number): Promise<void> {
  const tx = db.transaction(SETTINGS_STORE, 'readwrite');
  const raw = (await tx.store.get(ALERT_RULES_KEY)) as { rules?: unknown[] } | undefined;
  if (!raw || !Array.isArray(raw.rules)) return tx.done;
  const rules = raw.rules.map((r) => {
    const read = readAlertRule(r && typeof r === 'object' ? { ...r, subscriber: 'device' } : r);
    return read.ok && ruleKey(read.rule) === key ? { ...(r as object), mutedUntil: until } : r;
  });
  await Promise.all([tx.store.put({ ...raw, rules }, ALERT_RULES_KEY), tx.done]);
}

export async function readEngineState(db: AuroraTrackingDb): Promise<DeviceEngineState> {
  return readDeviceEngineState(await db.get(UPDATES_STORE, ALERT_ENGINE_KEY));
}

export async function writeEngineState(
  db: AuroraTrackingDb,
  state: DeviceEngineState,
): Promise<void> {
  const tx = db.transaction(UPDATES_STORE, 'readwrite');
  await Promise.all([
    tx.store.put(state, ALERT_ENGINE_KEY),
    // The Kp-only alert state of the versions before the engine: its place is taken.
    tx.store.delete(ALERT_STATE_KEY),
    tx.done,
  ]);
}

/** The push subscription's secret the page made (its proof for "Mute tonight"); null when none. */
export async function readPushSecret(db: AuroraTrackingDb): Promise<string | null> {
  const secret = await db.get(SETTINGS_STORE, PUSH_SECRET_KEY);
  return typeof secret === 'string' ? secret : null;
}
