/**
 * The session refresh ticker (every 30 s; refresh when the access token has 3 ticks or fewer
 * left; paused while the page is hidden), as decisions plus a small runner with injected time.
 *
 * supabase-js has the same ticker built in (autoRefreshToken). We create the client with
 * autoRefreshToken: false and run this one instead, so exactly one thing decides when to refresh
 * and it is the tested one. The refresh call itself is supabase-js' refreshSession(), which
 * already backs off from 200 ms on retryable fetch errors within 30 s and removes the session on a
 * non-retryable one; our back-off shares that same 30 s budget (measured from the first attempt),
 * so the two never add up to more than one budget.
 */

/** One tick of the ticker. */
export const TICK_MS = 30_000;
/** Refresh once the access token has this many ticks or fewer left. */
const REFRESH_THRESHOLD_TICKS = 3;
/** First retry delay after a retryable refresh failure; doubles each time. */
const BACKOFF_START_MS = 200;
/** Retries stop once the next one would land beyond this long after the first attempt. */
export const BACKOFF_BUDGET_MS = 30_000;

/** Whole ticks left before the token expires (negative once expired). */
export function ticksLeft(expiresAtMs: number, nowMs: number): number {
  return Math.floor((expiresAtMs - nowMs) / TICK_MS);
}

export function shouldRefresh(expiresAtMs: number | null, nowMs: number): boolean {
  if (expiresAtMs === null) return false;
  return ticksLeft(expiresAtMs, nowMs) <= REFRESH_THRESHOLD_TICKS;
}

/**
 * Delay before retry number `attempt` (1 = first retry), or null when that retry would end
 * outside the budget that started at `startedAtMs`.
 */
export function nextBackoffMs(attempt: number, startedAtMs: number, nowMs: number): number | null {
  const delay = BACKOFF_START_MS * 2 ** (attempt - 1);
  return nowMs + delay - startedAtMs < BACKOFF_BUDGET_MS ? delay : null;
}

/** A network failure (status 0) and 502, 503, 504 are retryable; anything else is not. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

export type RefreshOutcome = { ok: true } | { ok: false; status: number | undefined };

export interface TickerDeps {
  /** Expiry of the current access token (epoch ms), or null when there is no session. */
  getExpiresAt(): number | null;
  /** One refresh attempt. */
  refresh(): Promise<RefreshOutcome>;
  /** Drop the session (non-retryable failure). */
  removeSession(): Promise<void>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  isHidden(): boolean;
  /** Subscribe to visibility changes; returns the unsubscribe. */
  onVisibilityChange(fn: () => void): () => void;
}

export interface SessionTicker {
  /** Run one tick now (the runner calls this every TICK_MS; exposed for tests and for wake-ups). */
  tick(): Promise<void>;
  stop(): void;
  readonly running: boolean;
}

/** Starts ticking at once; pauses while hidden and ticks immediately when shown again. */
export function startSessionTicker(deps: TickerDeps): SessionTicker {
  let timer: unknown = null;
  let stopped = false;
  let refreshing: Promise<void> | null = null;

  const schedule = () => {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
    if (stopped || deps.isHidden()) return;
    timer = deps.setTimer(() => {
      timer = null;
      void tick().finally(schedule);
    }, TICK_MS);
  };

  const sleep = (ms: number) => new Promise<void>((resolve) => deps.setTimer(resolve, ms));

  const refreshWithBackoff = async () => {
    const startedAt = deps.now();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        const delay = nextBackoffMs(attempt, startedAt, deps.now());
        if (delay === null) return; // budget spent: the next tick tries again
        await sleep(delay);
        if (stopped) return;
      }
      const result = await deps.refresh();
      if (result.ok) return;
      if (!isRetryableStatus(result.status)) {
        await deps.removeSession();
        return;
      }
    }
  };

  const tick = async () => {
    if (stopped || deps.isHidden()) return;
    if (!shouldRefresh(deps.getExpiresAt(), deps.now())) return;
    // A tick landing during a slow refresh joins it instead of starting a second one.
    refreshing ??= refreshWithBackoff().finally(() => {
      refreshing = null;
    });
    await refreshing;
  };

  const unsubscribe = deps.onVisibilityChange(() => {
    if (deps.isHidden()) {
      schedule(); // clears the pending tick
    } else {
      void tick().finally(schedule);
    }
  });

  void tick().finally(schedule);

  return {
    tick,
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    },
    get running() {
      return !stopped && timer !== null;
    },
  };
}
