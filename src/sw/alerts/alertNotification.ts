/**
 * How an alert is shown, whether it came by push or the device decided it on periodic sync: the
 * engine's own words (core/alerts/alertPush.ts), its event id as the tag (so a second copy of the
 * same event replaces the first silently instead of alerting again), "Open map" and "Mute tonight".
 */
import type { AlertAction, AlertPayload, AlertPushType } from '../../../core/alerts/alertPush.ts';

const ALERT_ICON = '/icons/icon-192.png';

/** What the notification carries for its click: where to go, and what "Mute tonight" mutes. */
export interface AlertNotificationData {
  url: string;
  rule: string;
  event: string;
  muteUntil: number;
}

/** Chromium's options beyond TypeScript's lib: action buttons, and whether a same-tag copy alerts again. */
export type ShownOptions = NotificationOptions & {
  actions?: AlertAction[];
  renotify?: boolean;
  data?: unknown;
};

export function alertNotification(p: AlertPayload): { title: string; options: ShownOptions } {
  const data: AlertNotificationData = {
    url: p.url,
    rule: p.rule,
    event: p.event,
    muteUntil: p.muteUntil,
  };
  return {
    title: p.title,
    options: {
      body: p.body,
      tag: p.tag,
      renotify: false,
      icon: ALERT_ICON,
      badge: ALERT_ICON,
      actions: p.actions,
      data,
    },
  };
}

const TYPES: readonly AlertPushType[] = ['aurora-visible', 'kp-alert', 'all-clear'];

/** Only same-origin paths may be opened from a notification: a payload must not send the user elsewhere. */
function safePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);

/**
 * An engine payload (`{type, event, tag, title, body, url, actions, rule, muteUntil, at}`), checked;
 * null for anything else (older backends' payloads, DevTools' test pushes), which the push handler
 * reads its own way.
 */
export function readAlertPayload(raw: string | null): AlertPayload | null {
  if (!raw) return null;
  let d: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    d = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const type = d['type'];
  const event = text(d['event'], 200);
  const tag = text(d['tag'], 200);
  const title = text(d['title'], 120);
  const rule = text(d['rule'], 40);
  if (!TYPES.includes(type as AlertPushType) || !event || !tag || !title || !rule) return null;
  const actions = Array.isArray(d['actions'])
    ? (d['actions'] as unknown[]).filter(
        (a): a is AlertAction =>
          !!a &&
          typeof a === 'object' &&
          ((a as AlertAction).action === 'open-map' ||
            (a as AlertAction).action === 'mute-tonight') &&
          typeof (a as AlertAction).title === 'string',
      )
    : [];
  const muteUntil =
    typeof d['muteUntil'] === 'number' && Number.isFinite(d['muteUntil']) ? d['muteUntil'] : 0;
  const at = typeof d['at'] === 'number' && Number.isFinite(d['at']) ? d['at'] : 0;
  return {
    type: type as AlertPushType,
    event,
    tag,
    title,
    body: text(d['body'], 300) ?? '',
    url: safePath(d['url']),
    actions,
    rule,
    muteUntil,
    at,
  };
}
