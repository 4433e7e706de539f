/**
 * The alert rules of this device and the engine's state for them, in `aurora-tracking-db` beside
 * the notification settings (core/alerts/notificationSettings.ts has the database's names):
 *
 *   store `notification-settings`, key `alert-rules` → { subscriberId, rules: AlertRule[] }
 *       written by the page (Settings, saved places); the service worker writes a rule's
 *       `mutedUntil` ("Mute tonight")
 *   store `aurora-updates`, key `alert-engine` → { rules: { <ruleKey>: RuleState }, recent: number[],
 *                                                 checkedAt: number | null }
 *       written by the service worker: the engine's state per rule (core/alerts/ruleState.ts),
 *       when this device was last alerted (the 3-per-6-h cap) and when it last checked
 *
 * The same rules are sent to the backend with the push subscription, so the sender and the device
 * name every event alike and never both show it.
 */
import { readRuleState } from './readRuleState.ts';
import type { RuleState } from './ruleState.ts';
import { readAlertRule, ruleKey, type AlertRule } from './alertRule.ts';

export const ALERT_RULES_KEY = 'alert-rules';
export const ALERT_ENGINE_KEY = 'alert-engine';

export interface DeviceAlerts {
  /** This device's subscriber id: random, made once, sent with its push subscription. */
  subscriberId: string | null;
  rules: AlertRule[];
}

export interface DeviceEngineState {
  rules: Record<string, RuleState>;
  recent: number[];
  /** When the device last worked out its alerts itself (periodic sync), epoch ms. */
  checkedAt: number | null;
}

/** A subscriber id: 16 random bytes, base64url (what push-subscription accepts as `subscriberId`). */
export function newSubscriberId(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const SUBSCRIBER_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Whatever is stored read as valid rules: a rule that no longer reads is left out, never guessed. */
export function readDeviceAlerts(raw: unknown): DeviceAlerts {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const id = r['subscriberId'];
  const subscriberId = typeof id === 'string' && SUBSCRIBER_ID.test(id) ? id : null;
  const rules: AlertRule[] = [];
  const keys = new Set<string>();
  for (const item of Array.isArray(r['rules']) ? r['rules'] : []) {
    const read = readAlertRule(
      item && typeof item === 'object' ? { ...item, subscriber: subscriberId ?? 'device' } : item,
    );
    if (!read.ok || keys.has(ruleKey(read.rule))) continue;
    keys.add(ruleKey(read.rule));
    rules.push(read.rule);
  }
  return { subscriberId, rules };
}

export function readDeviceEngineState(raw: unknown): DeviceEngineState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const rules: Record<string, RuleState> = {};
  const stored = r['rules'];
  if (stored && typeof stored === 'object')
    for (const [key, value] of Object.entries(stored)) rules[key] = readRuleState(value);
  const recent = Array.isArray(r['recent'])
    ? r['recent'].filter((t): t is number => typeof t === 'number' && Number.isFinite(t))
    : [];
  const checked = r['checkedAt'];
  return {
    rules,
    recent,
    checkedAt: typeof checked === 'number' && Number.isFinite(checked) ? checked : null,
  };
}
