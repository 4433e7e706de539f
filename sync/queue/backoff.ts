/** First retry after 5 s… */
const BACKOFF_BASE_MS = 5_000;
/** …doubling up to 30 minutes between attempts, so a long outage costs a few requests an hour. */
const BACKOFF_MAX_MS = 30 * 60_000;

/** Pure: delay before the next automatic attempt, after `attempts` failed ones (≥ 1). */
export function backoffDelay(attempts: number): number {
  const exp = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(BACKOFF_BASE_MS * 2 ** exp, BACKOFF_MAX_MS);
}

/** Pure: when a request that has failed `attempts` times may be tried again automatically. */
export function nextAttemptAt(attempts: number, now: number): number {
  return now + backoffDelay(attempts);
}

export type Outcome = 'done' | 'retry' | 'rejected';

/**
 * Pure: what an HTTP answer means for a queued request. 2xx: it took effect (or had already: the
 * server answers a replayed Idempotency-Key with the first answer). 408/425/429/5xx, 401 (the
 * session may be refreshed by the next try) and 409 (the same key is still being processed) are
 * worth retrying; any other 4xx is a refusal that no retry will change.
 */
export function classifyResponse(status: number): Outcome {
  if (status >= 200 && status < 300) return 'done';
  if (
    status === 401 ||
    status === 408 ||
    status === 409 ||
    status === 425 ||
    status === 429 ||
    status >= 500
  )
    return 'retry';
  return 'rejected';
}
