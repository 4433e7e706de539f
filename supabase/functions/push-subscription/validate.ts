/**
 * Pure parsing of push-subscription requests. The body is the browser's PushSubscription JSON
 * (`{endpoint, expirationTime, keys: {p256dh, auth}}`) plus `kpThreshold` and, optionally, a
 * coarse location. Location is rounded here, server-side, to whole degrees whatever the client
 * sent: precise coordinates never reach the database.
 */

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
  kpThreshold: number;
  cell: { lat: number; lon: number } | null;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Spec §9: default Kp alert threshold. */
export const DEFAULT_KP_THRESHOLD = 5;
/** Cell size in degrees; never below 1 (the privacy floor). */
export const CELL_DEGREES = 1;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function base64UrlLength(value: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const unpadded = value.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  return Math.floor((unpadded.length * 3) / 4);
}

export function parseEndpoint(value: unknown): Parsed<string> {
  if (typeof value !== 'string' || value.length > 2048) return { ok: false, error: 'endpoint must be a URL' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'endpoint must be a URL' };
  }
  // Push services are HTTPS; plain HTTP only to loopback, where tests run a recording push service.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { ok: false, error: 'endpoint must be an https URL' };
  }
  // Stored exactly as given: it is the push service's capability URL.
  return { ok: true, value };
}

/** Rounds to the cell grid, wraps longitude into [-180, 180) and clamps latitude. */
export function coarseCell(lat: number, lon: number, cellDegrees: number = CELL_DEGREES): { lat: number; lon: number } {
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
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { ok: false, error: 'location must be {lat, lon} in degrees' };
  }
  return { ok: true, value: coarseCell(lat, lon) };
}

export function parseSubscriptionBody(body: Record<string, unknown> | null): Parsed<PushSubscriptionInput> {
  if (!body) return { ok: false, error: 'Request body must be the PushSubscription JSON' };
  const endpoint = parseEndpoint(body.endpoint);
  if (!endpoint.ok) return endpoint;
  const keys = body.keys as { p256dh?: unknown; auth?: unknown } | null | undefined;
  const p256dh = keys && typeof keys === 'object' ? keys.p256dh : undefined;
  const auth = keys && typeof keys === 'object' ? keys.auth : undefined;
  // An uncompressed P-256 point is 65 bytes; the auth secret is 16.
  if (typeof p256dh !== 'string' || base64UrlLength(p256dh) !== 65) return { ok: false, error: 'keys.p256dh must be a base64url P-256 public key' };
  if (typeof auth !== 'string' || base64UrlLength(auth) !== 16) return { ok: false, error: 'keys.auth must be a base64url 16-byte secret' };

  const rawThreshold = body.kpThreshold ?? DEFAULT_KP_THRESHOLD;
  if (typeof rawThreshold !== 'number' || !Number.isFinite(rawThreshold) || rawThreshold < 0 || rawThreshold > 9) {
    return { ok: false, error: 'kpThreshold must be a number from 0 to 9' };
  }
  const expiration = body.expirationTime;
  if (expiration !== undefined && expiration !== null && (typeof expiration !== 'number' || !Number.isFinite(expiration))) {
    return { ok: false, error: 'expirationTime must be a number or null' };
  }
  const cell = parseCell(body.location ?? body.locationCell);
  if (!cell.ok) return cell;
  return {
    ok: true,
    value: {
      endpoint: endpoint.value,
      p256dh,
      auth,
      expirationTime: typeof expiration === 'number' ? expiration : null,
      kpThreshold: Math.round(rawThreshold * 100) / 100,
      cell: cell.value,
    },
  };
}
