import webpush from 'web-push';
import { checkPushEndpoint, type PushEndpointPolicy } from '../_shared/pushEndpoint.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** RFC 8030's delivery headers of one push. */
export interface PushDelivery {
  /** Seconds the push service may hold it (how long the alert stays true). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push with the same Topic replaces this one if it is still undelivered. */
  topic: string;
}

export interface PushAnswer {
  status: number;
  /** The push service's Retry-After in seconds (429, 503), when it gave one. */
  retryAfterSeconds: number | null;
}

/** Sends one encrypted push; resolves to the push service's answer. */
export type PushSender = (
  target: PushTarget,
  payload: string,
  delivery: PushDelivery,
) => Promise<PushAnswer>;

/** A push not sent because its endpoint may not be reached (see _shared/pushEndpoint.ts). */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
}

/** Bounds one request to a push service: a hung one must not hold the whole run. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * How long a VAPID JWT is valid: RFC 8292 §2 allows at most 24 h; web-push's own default is 12 h. */
const VAPID_JWT_SECONDS = 12 * 3_600;
/** A kept JWT is signed again once it has less than this left, so none expires on its way. */
const VAPID_JWT_MARGIN_MS = 3_600_000;

/**
 * The `Authorization: vapid t=<JWT>, k=<key>` header per push service origin (the JWT's `aud`),
 * signed once and reused until an hour before it expires, as RFC 8292 §2 allows: signing ES256 for
 * every push was a third of the sender's CPU in a run (docs/alerts.md).
 */
function vapidAuthorization(vapid: VapidKeys, now: () => number): (origin: string) => string {
  const kept = new Map<string, { header: string; expiresAt: number }>();
  return (origin) => {
    const at = now();
    const hit = kept.get(origin);
    if (hit && hit.expiresAt - at > VAPID_JWT_MARGIN_MS) return hit.header;
    const expiration = Math.floor(at / 1000) + VAPID_JWT_SECONDS;
    const header = webpush.getVapidHeaders(
      origin,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    ).Authorization;
    kept.set(origin, { header, expiresAt: expiration * 1000 });
    return header;
  };
}

function retryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.round((date - Date.now()) / 1000)) : null;
}

/**
 * web-push builds the request (aes128gcm payload encryption, RFC 8291; the VAPID JWT, RFC 8292; TTL,
 * Urgency and Topic, RFC 8030); we send it with fetch, so the sender works the same on Deno and
 * Node and a test can point it at a local push service. The endpoint is checked again right before
 * each send (its host's DNS may have changed since it was stored), and redirects are not followed:
 * a push service never redirects, an attacker might.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  policy: PushEndpointPolicy,
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): PushSender {
  const authorization = vapidAuthorization(vapid, now);
  return async (target, payload, delivery) => {
    const where = await checkPushEndpoint(target.endpoint, policy);
    if (!where.ok) throw new PushRefusedError(where.error);
    // No vapidDetails: web-push would sign a new JWT for every push; ours is kept per push service.
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    headers['Authorization'] = authorization(new URL(target.endpoint).origin);
    const res = await fetchFn(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { status: res.status, retryAfterSeconds: retryAfter(res.headers.get('retry-after')) };
  };
}
