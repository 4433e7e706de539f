/**
 * One push, delivered with retries: the push service's answer decides (RFC 8030 §5, §8.4). Pure
 * decisions (`retryDelayMs`, `retryAt`) with the sender and the sleep passed in.
 * - 2xx: delivered (the push service has it; it holds it for TTL seconds if the device is away);
 * - 404/410: the subscription is gone (the browser unsubscribed): remove it;
 * - 429 and 5xx, or no answer: tried again after 1 s and 4 s within the run (sooner or later as
 *   the service's Retry-After says, if it says at most 10 s), then left for a later run, backing
 *   off (5 min, 10 min, … up to an hour, or the Retry-After if longer);
 * - any other 4xx: failed (a bad request will not get better by asking again).
 */
import {
  PushRefusedError,
  type PushAnswer,
  type PushDelivery,
  type PushSender,
  type PushTarget,
} from './webPush.ts';

export type DeliveryOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; error: string; retryAfterSeconds: number | null };

/** In-run waits before the second and third attempts. */
const IN_RUN_DELAYS_MS = [1_000, 4_000];
/** A Retry-After longer than this is honoured by a later run, not by waiting in this one. */
const MAX_IN_RUN_WAIT_MS = 10_000;
/** Back-off between runs after a failure: this, doubled per failure, at most an hour. */
const RUN_BACKOFF_MS = 5 * 60_000;
const MAX_RUN_BACKOFF_MS = 60 * 60_000;

function retryable(answer: PushAnswer | null): boolean {
  return answer === null || answer.status === 429 || answer.status >= 500;
}

/** How long to wait before attempt `attempt + 1` (0-based `attempt` just failed), or null: stop. */
export function retryDelayMs(answer: PushAnswer | null, attempt: number): number | null {
  if (!retryable(answer)) return null;
  const planned = IN_RUN_DELAYS_MS[attempt];
  if (planned === undefined) return null;
  const asked = answer?.retryAfterSeconds;
  if (asked === null || asked === undefined) return planned;
  return asked * 1000 <= MAX_IN_RUN_WAIT_MS ? asked * 1000 : null;
}

/** When a later run may try a subscription again after its `failures`-th failure in a row. */
export function retryAt(now: number, failures: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(MAX_RUN_BACKOFF_MS, RUN_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return now + Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

export async function deliver(
  send: PushSender,
  target: PushTarget,
  payload: string,
  delivery: PushDelivery,
  sleep: (ms: number) => Promise<void>,
): Promise<DeliveryOutcome> {
  for (let attempt = 0; ; attempt++) {
    let answer: PushAnswer | null = null;
    let error: string;
    try {
      answer = await send(target, payload, delivery);
      if (answer.status >= 200 && answer.status < 300)
        return { kind: 'delivered', status: answer.status };
      if (answer.status === 404 || answer.status === 410)
        return { kind: 'gone', status: answer.status };
      error = `Push service answered ${answer.status}`;
    } catch (e) {
      // Refused by the endpoint policy: no request was made, and asking again will not help.
      if (e instanceof PushRefusedError)
        return { kind: 'failed', error: `Push failed: ${e.message}`, retryAfterSeconds: null };
      error = `Push failed: ${e instanceof Error ? e.message : String(e)}`;
    }
    const wait = retryDelayMs(answer, attempt);
    if (wait === null)
      return { kind: 'failed', error, retryAfterSeconds: answer?.retryAfterSeconds ?? null };
    await sleep(wait);
  }
}
