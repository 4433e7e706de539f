/**
 * Pure parsing of push-subscription requests. The body is the browser's PushSubscription JSON
 * (`{endpoint, expirationTime, keys: {p256dh, auth}}`) plus `kpThreshold` and, optionally, a
 * coarse location. Location is rounded here, server-side, to whole degrees whatever the client
 * sent: precise coordinates never reach the database.
 */

import { readAlertRule, ruleKey, type AlertRule } from '../../../core/alerts/alertRule.ts';
import { DEFAULT_KP_THRESHOLD, KP_MAX, KP_MIN } from '../../../core/alerts/kpThreshold.ts';
import { ENDPOINT_ERRORS, parseEndpointUrl } from '../_shared/pushEndpoint.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
  kpThreshold: number;
  cell: { lat: number; lon: number } | null;
  /** The subscribing browser's secret (see handler.ts); null when the client sent none. */
  secret: string | null;
  /** The device's subscriber id (it names the events of its notifications); null from older clients. */
  subscriberId: string | null;
  /**
   * What to alert about (core/alerts/alertRule.ts): a `visible` rule per place, one `kp` rule.
   * Older clients send none: their subscription is one Kp rule at `kpThreshold`, with all-clear.
   */
  rules: AlertRule[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Cell size in degrees; never below 1 (the privacy floor). */
const CELL_DEGREES = 1;

/** Latest expirationTime accepted: the end of year 9999, what Postgres and ISO 8601 both hold. */
const MAX_EXPIRATION_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const SECRET_ERROR = 'secret must be 32–128 base64url characters';
const SUBSCRIBER_ERROR = 'subscriberId must be 8–64 base64url characters';
/** A device alerts for at most this many places (and one Kp rule): bounds each sender run's rows. */
const MAX_ALERT_RULES = 20;

function base64UrlLength(value: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const unpadded = value.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  return Math.floor((unpadded.length * 3) / 4);
}

/**
 * Syntax only (no DNS): a URL without credentials, https unless its origin is allow-listed (a local
 * test push service). Where it points is checked by `checkPushEndpoint` before it is stored.
 */
export function parseEndpoint(
  value: unknown,
  allowedOrigins: readonly string[] = [],
): Parsed<string> {
  if (typeof value !== 'string' || value.length > 2048)
    return { ok: false, error: ENDPOINT_ERRORS.notUrl };
  const parsed = parseEndpointUrl(value, allowedOrigins);
  if (!parsed.ok) return parsed;
  // Stored exactly as given: it is the push service's capability URL.
  return { ok: true, value };
}

export function parseSecret(value: unknown): Parsed<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{32,128}$/.test(value))
    return { ok: false, error: SECRET_ERROR };
  return { ok: true, value };
}

/** Rounds to the cell grid, wraps longitude into [-180, 180) and clamps latitude. */
export function coarseCell(
  lat: number,
  lon: number,
  cellDegrees: number = CELL_DEGREES,
): { lat: number; lon: number } {
  const size = Math.max(1, cellDegrees);
  const roundedLat = Math.max(-90, Math.min(90, Math.round(lat / size) * size));
  let roundedLon = Math.round(lon / size) * size;
  roundedLon = ((((roundedLon + 180) % 360) + 360) % 360) - 180;
  return { lat: roundedLat, lon: roundedLon };
}

function parseCell(value: unknown): Parsed<{ lat: number; lon: number } | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'object') return { ok: false, error: 'location must be {lat, lon}' };
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  if (
    typeof lat !== 'number' ||
    typeof lon !== 'number' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  ) {
    return { ok: false, error: 'location must be {lat, lon} in degrees' };
  }
  return { ok: true, value: coarseCell(lat, lon) };
}

function parseSubscriberId(value: unknown): Parsed<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(value))
    return { ok: false, error: SUBSCRIBER_ERROR };
  return { ok: true, value };
}

/**
 * The rules of `alerts`, read by the alert engine's own reader: a `visible` rule's place rounded to
 * 0.1°, a `kp` rule's place dropped (its events are the planet's). One rule per place and kind.
 */
function parseAlertRules(
  value: unknown,
  subscriber: string,
  kpThreshold: number,
): Parsed<AlertRule[]> {
  if (value === undefined || value === null) {
    const legacy = readAlertRule({ subscriber, kind: 'kp', kpThreshold, allClear: true });
    return legacy.ok ? { ok: true, value: [legacy.rule] } : legacy;
  }
  if (!Array.isArray(value) || value.length > MAX_ALERT_RULES)
    return { ok: false, error: `alerts must be a list of at most ${MAX_ALERT_RULES} rules` };
  const rules: AlertRule[] = [];
  const keys = new Set<string>();
  for (const [i, raw] of value.entries()) {
    const r = readAlertRule(raw && typeof raw === 'object' ? { ...raw, subscriber } : raw);
    if (!r.ok) return { ok: false, error: `alerts[${i}]: ${r.error}` };
    const key = ruleKey(r.rule);
    if (keys.has(key)) return { ok: false, error: `alerts[${i}]: a second rule for ${key}` };
    keys.add(key);
    rules.push(r.rule);
  }
  return { ok: true, value: rules };
}

export function parseSubscriptionBody(
  body: Record<string, unknown> | null,
  allowedOrigins: readonly string[] = [],
): Parsed<PushSubscriptionInput> {
  if (!body) return { ok: false, error: 'Request body must be the PushSubscription JSON' };
  const endpoint = parseEndpoint(body.endpoint, allowedOrigins);
  if (!endpoint.ok) return endpoint;
  const keys = body.keys as { p256dh?: unknown; auth?: unknown } | null | undefined;
  const p256dh = keys && typeof keys === 'object' ? keys.p256dh : undefined;
  const auth = keys && typeof keys === 'object' ? keys.auth : undefined;
  // An uncompressed P-256 point is 65 bytes; the auth secret is 16.
  if (typeof p256dh !== 'string' || base64UrlLength(p256dh) !== 65)
    return { ok: false, error: 'keys.p256dh must be a base64url P-256 public key' };
  if (typeof auth !== 'string' || base64UrlLength(auth) !== 16)
    return { ok: false, error: 'keys.auth must be a base64url 16-byte secret' };

  const rawThreshold = body.kpThreshold ?? DEFAULT_KP_THRESHOLD;
  if (
    typeof rawThreshold !== 'number' ||
    !Number.isFinite(rawThreshold) ||
    rawThreshold < KP_MIN ||
    rawThreshold > KP_MAX
  ) {
    return { ok: false, error: `kpThreshold must be a number from ${KP_MIN} to ${KP_MAX}` };
  }
  const expiration = body.expirationTime;
  // A time Date cannot hold (1e20) used to reach toISOString() and answer 500.
  if (
    expiration !== undefined &&
    expiration !== null &&
    (typeof expiration !== 'number' ||
      !Number.isFinite(expiration) ||
      expiration < 0 ||
      expiration > MAX_EXPIRATION_TIME)
  ) {
    return {
      ok: false,
      error:
        'expirationTime must be null or a time in milliseconds since 1970, before the year 10000',
    };
  }
  const secret = parseSecret(body.secret);
  if (!secret.ok) return secret;
  const cell = parseCell(body.location ?? body.locationCell);
  if (!cell.ok) return cell;
  const subscriberId = parseSubscriberId(body.subscriberId);
  if (!subscriberId.ok) return subscriberId;
  const threshold = Math.round(rawThreshold * 100) / 100;
  // Without an id of its own the device's events are named after its endpoint's hash (handler.ts).
  const rules = parseAlertRules(body.alerts, subscriberId.value ?? 'device', threshold);
  if (!rules.ok) return rules;
  return {
    ok: true,
    value: {
      endpoint: endpoint.value,
      p256dh,
      auth,
      expirationTime: typeof expiration === 'number' ? expiration : null,
      kpThreshold: threshold,
      cell: cell.value,
      secret: secret.value,
      subscriberId: subscriberId.value,
      rules: rules.value,
    },
  };
}
