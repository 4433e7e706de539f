/**
 * The session refresh ticker is supabase-js' own (GoTrueClient `startAutoRefresh`), which holds
 * the spec's session constants (section 9): a tick every 30 s (`AUTO_REFRESH_TICK_DURATION_MS`),
 * a refresh once the access token has 3 ticks or fewer left (`AUTO_REFRESH_TICK_THRESHOLD`, the
 * stored session read afresh on every tick, so an expired one kept through an offline start is
 * refreshed once the network is back), retryable failures (network, 502, 503, 504) retried from
 * 200 ms, doubling, within one tick, and a session whose expired token's refresh is refused
 * removed (@supabase/auth-js `lib/constants.ts`, `GoTrueClient._refreshAccessToken` and
 * `_callRefreshToken`).
 *
 * The client is created with autoRefreshToken: false, so that what starts and stops that ticker is
 * this, with the page's visibility passed in: it runs only while the page is visible, ticks at
 * once when the page is shown again (startAutoRefresh's first tick is immediate), and stops with
 * the auth controller.
 */

export interface AutoRefreshingAuth {
  startAutoRefresh(): Promise<void>;
  stopAutoRefresh(): Promise<void>;
}

export interface PageVisibility {
  isHidden(): boolean;
  /** Subscribe to visibility changes; returns the unsubscribe. */
  onVisibilityChange(fn: () => void): () => void;
}

export interface SessionTicker {
  /** A new session: tick now rather than up to 30 s later (the ticker restarts). */
  restart(): void;
  stop(): void;
}

export function startSessionTicker(auth: AutoRefreshingAuth, page: PageVisibility): SessionTicker {
  let stopped = false;
  // supabase-js' start awaits its own stop before it sets the interval: one call at a time, so a
  // stop (the page hidden at once) can never land inside a start and leave the ticker running.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => {
    queue = queue.catch(() => undefined).then(step);
  };
  const follow = () => {
    if (stopped) return;
    enqueue(() => (page.isHidden() ? auth.stopAutoRefresh() : auth.startAutoRefresh()));
  };
  const unsubscribe = page.onVisibilityChange(follow);
  follow();
  return {
    restart: follow,
    stop() {
      stopped = true;
      unsubscribe();
      enqueue(() => auth.stopAutoRefresh());
    },
  };
}

/** A network failure (status 0) and 502, 503, 504 are retryable; anything else is not. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
