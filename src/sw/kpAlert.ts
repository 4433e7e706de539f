/**
 * Kp alert decisions for the service worker: pure, so they are tested without a worker, a clock or
 * a network. The worker feeds them the latest reading, the user's settings and the last alert state.
 */
import { type NotificationSettings } from '../../core/alerts/notificationSettings.ts';
import { endsKpAlertEvent, reachesKpThreshold } from '../../core/kp/alertPolicy.ts';

/** Stored in `aurora-updates` under `kp-alert-state`: whether a storm the user was told about is still on. */
export interface KpAlertState {
  active: boolean;
  eventStart: number | null;
  peakKp: number;
}

/** One planetary Kp value and the UTC epoch ms of the period it describes. */
export interface KpReading {
  kp: number;
  time: number;
}

export const IDLE_ALERT_STATE: KpAlertState = { active: false, eventStart: null, peakKp: 0 };

/** A reading older than this describes a storm that is over for the user: never alert on it. */
export const MAX_READING_AGE_MS = 6 * 60 * 60 * 1000;
/** Never two alerts closer than this, whatever the source (push and periodic sync both alert). */
export const MIN_RENOTIFY_MS = 3 * 60 * 60 * 1000;

export function normaliseAlertState(raw: unknown): KpAlertState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    active: r.active === true,
    eventStart: typeof r.eventStart === 'number' ? r.eventStart : null,
    peakKp: typeof r.peakKp === 'number' && Number.isFinite(r.peakKp) ? r.peakKp : 0,
  };
}

export interface KpAlertDecision {
  notify: boolean;
  /** Why, in a few words: for the debug log and the tests. */
  reason:
    | 'disabled'
    | 'stale-reading'
    | 'below-threshold'
    | 'already-notified'
    | 'cooldown'
    | 'crossed-threshold';
  settings: NotificationSettings;
  state: KpAlertState;
}

/**
 * Decides whether this reading raises an alert. One alert per event: when an event starts and ends
 * is core/kp/alertPolicy.ts, the same rule as the backend's sender.
 */
export function decideKpAlert(
  reading: KpReading,
  settings: NotificationSettings,
  state: KpAlertState,
  now: number,
): KpAlertDecision {
  if (!settings.enablePush) {
    return { notify: false, reason: 'disabled', settings, state: IDLE_ALERT_STATE };
  }
  if (now - reading.time > MAX_READING_AGE_MS) {
    return { notify: false, reason: 'stale-reading', settings, state };
  }
  const threshold = settings.kpThreshold;
  if (!reachesKpThreshold(reading.kp, threshold)) {
    const ended = endsKpAlertEvent(reading.kp, threshold);
    return {
      notify: false,
      reason: 'below-threshold',
      settings,
      state: ended ? IDLE_ALERT_STATE : state,
    };
  }
  if (state.active) {
    return {
      notify: false,
      reason: 'already-notified',
      settings,
      state: { ...state, peakKp: Math.max(state.peakKp, reading.kp) },
    };
  }
  if (settings.lastNotified !== null && now - settings.lastNotified < MIN_RENOTIFY_MS) {
    // Someone (a push from the backend) already told the user about this storm: adopt it as the event.
    return {
      notify: false,
      reason: 'cooldown',
      settings,
      state: { active: true, eventStart: settings.lastNotified, peakKp: reading.kp },
    };
  }
  return {
    notify: true,
    reason: 'crossed-threshold',
    settings: { ...settings, lastNotified: now },
    state: { active: true, eventStart: now, peakKp: reading.kp },
  };
}

/** The state after an alert arrived by push: the same event must not be announced again by periodic sync. */
export function recordPushedAlert(
  settings: NotificationSettings,
  state: KpAlertState,
  kp: number | null,
  now: number,
) {
  return {
    settings: { ...settings, lastNotified: now },
    state: {
      active: true,
      eventStart: state.active ? state.eventStart : now,
      peakKp: Math.max(state.peakKp, kp ?? 0),
    },
  };
}

/** SWPC writes UTC times without a zone, with a space or a T, with or without milliseconds. */
export function parseUtcTime(tag: unknown): number | null {
  if (typeof tag !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)Z?$/.exec(tag.trim());
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}Z`);
  return Number.isNaN(t) ? null : t;
}

function toNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 9 ? n : null;
}

/**
 * The latest Kp in a planetary Kp product, in either shape SWPC serves: the array of arrays with a
 * header row (`["time_tag","Kp",…]`) or an array of objects (`{time_tag, Kp}` / `{time_tag, kp_index}`).
 * Returns null for anything else — a bad body must never raise an alert.
 */
export function latestKp(body: unknown): KpReading | null {
  if (!Array.isArray(body) || body.length === 0) return null;
  let rows: { time: unknown; kp: unknown }[];
  const first = body[0] as unknown;
  if (Array.isArray(first)) {
    const header = first.map((h) => String(h).toLowerCase());
    const ti = header.indexOf('time_tag');
    const ki = header.indexOf('kp');
    if (ti < 0 || ki < 0) return null;
    rows = body
      .slice(1)
      .filter(Array.isArray)
      .map((r: unknown[]) => ({ time: r[ti], kp: r[ki] }));
  } else {
    rows = body
      .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
      .map((r) => ({ time: r.time_tag, kp: r.Kp ?? r.kp_index ?? r.estimated_kp ?? r.kp }));
  }
  let best: KpReading | null = null;
  for (const row of rows) {
    const time = parseUtcTime(row.time);
    const kp = toNumber(row.kp);
    if (time === null || kp === null) continue;
    if (!best || time >= best.time) best = { kp, time };
  }
  return best;
}

/** The notification text for a Kp alert (the same words whether it comes from push or periodic sync). */
export function kpAlertNotification(kp: number, threshold: number) {
  const shown = (Math.round(kp * 100) / 100).toString();
  return {
    title: `Aurora alert: Kp ${shown}`,
    body: `Geomagnetic activity has reached Kp ${shown} (your threshold is ${threshold}). The aurora may be visible further from the poles tonight.`,
    tag: 'kp-alert',
    url: '/',
  };
}
