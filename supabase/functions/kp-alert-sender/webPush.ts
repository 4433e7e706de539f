import webpush from 'web-push';
import { checkPushEndpoint, type PushEndpointPolicy } from '../_shared/pushEndpoint.ts';

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Sends one encrypted push; resolves to the push service's HTTP status. */
export type PushSender = (target: PushTarget, payload: string) => Promise<number>;

/** How long the push service keeps an undelivered alert: a Kp alert older than this is moot. */
const PUSH_TTL_SECONDS = 6 * 60 * 60;

/** A push not sent because its endpoint may not be reached (see _shared/pushEndpoint.ts). */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
}

/**
 * web-push builds the request (aes128gcm payload encryption, VAPID JWT); we send it with fetch,
 * so the sender works the same on Deno and Node and a test can point it at a local server.
 * The endpoint is checked again right before each send (its host's DNS may have changed since it
 * was stored), and redirects are not followed: a push service never redirects, an attacker might.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  policy: PushEndpointPolicy,
  fetchFn: typeof fetch = fetch,
): PushSender {
  return async (target, payload) => {
    const where = await checkPushEndpoint(target.endpoint, policy);
    if (!where.ok) throw new PushRefusedError(where.error);
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    const res = await fetchFn(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status;
  };
}
