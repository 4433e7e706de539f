import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BUDGET_MS,
  isRetryableStatus,
  nextBackoffMs,
  shouldRefresh,
  startSessionTicker,
  ticksLeft,
  TICK_MS,
  type RefreshOutcome,
  type TickerDeps,
} from '../../../src/auth/sessionTicker.ts';

describe('session ticker decisions', () => {
  const now = 1_700_000_000_000;

  it('refreshes once the token has 3 ticks or fewer left, not before', () => {
    expect(shouldRefresh(now + 4 * TICK_MS, now)).toBe(false);
    expect(shouldRefresh(now + 4 * TICK_MS - 1, now)).toBe(true); // 3.99 ticks → 3 whole ticks
    expect(shouldRefresh(now + 3 * TICK_MS, now)).toBe(true);
    expect(shouldRefresh(now - 1, now)).toBe(true); // already expired
    expect(ticksLeft(now + 90_000, now)).toBe(3);
  });

  it('does nothing without a session', () => {
    expect(shouldRefresh(null, now)).toBe(false);
  });

  it('backs off from 200 ms, doubling, and stops before 30 s have passed since the first attempt', () => {
    expect(nextBackoffMs(1, now, now)).toBe(200);
    expect(nextBackoffMs(2, now, now + 200)).toBe(400);
    expect(nextBackoffMs(3, now, now + 600)).toBe(800);
    // 200+400+…+12800 = 25400 ms; the next delay (25600) would end past 30 s.
    expect(nextBackoffMs(8, now, now + 25_400)).toBeNull();
    expect(nextBackoffMs(1, now, now + BACKOFF_BUDGET_MS - 200)).toBeNull();
  });

  it('retries only network failures and 502/503/504', () => {
    expect([0, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 500, undefined].some(isRetryableStatus)).toBe(false);
  });
});

/** A hand-cranked clock: timers fire only when the test advances time. */
function fakeClock(start: number) {
  let t = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: t + ms, fn });
      return id;
    },
    clearTimer: (h: unknown) => void timers.delete(h as number),
    pending: () => timers.size,
    async advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, v]) => v.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        t = due[1].at;
        due[1].fn();
        for (let i = 0; i < 10; i++) await Promise.resolve(); // let the async tick run
      }
      t = end;
    },
  };
}

function harness(opts: { expiresAt: number | null; outcomes: RefreshOutcome[] }) {
  const clock = fakeClock(1_000_000);
  let hidden = false;
  let visibilityListener: (() => void) | null = null;
  const calls = { refresh: [] as number[], removed: 0 };
  let expiresAt = opts.expiresAt;
  const deps: TickerDeps = {
    getExpiresAt: () => expiresAt,
    async refresh() {
      calls.refresh.push(clock.now());
      const out = opts.outcomes.shift() ?? { ok: true };
      if (out.ok) expiresAt = clock.now() + 3600_000;
      return out;
    },
    async removeSession() {
      calls.removed++;
      expiresAt = null;
    },
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    isHidden: () => hidden,
    onVisibilityChange(fn) {
      visibilityListener = fn;
      return () => (visibilityListener = null);
    },
  };
  return {
    clock,
    calls,
    deps,
    setHidden(h: boolean) {
      hidden = h;
      visibilityListener?.();
    },
    setExpiresAt(v: number) {
      expiresAt = v;
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('session ticker runner', () => {
  it('checks every 30 s and refreshes when the token nears expiry', async () => {
    const h = harness({ expiresAt: 1_000_000 + 10 * TICK_MS, outcomes: [] });
    const ticker = startSessionTicker(h.deps);
    await settle();
    expect(h.calls.refresh).toEqual([]); // 10 ticks left at start
    await h.clock.advance(6 * TICK_MS); // 4 ticks left: still fine
    expect(h.calls.refresh).toEqual([]);
    await h.clock.advance(TICK_MS); // 3 ticks left: refresh
    expect(h.calls.refresh).toHaveLength(1);
    ticker.stop();
  });

  it('pauses while the page is hidden and ticks at once when it is shown again', async () => {
    const h = harness({ expiresAt: 1_000_000 + 10 * TICK_MS, outcomes: [] });
    const ticker = startSessionTicker(h.deps);
    await settle();
    h.setHidden(true);
    expect(ticker.running).toBe(false);
    await h.clock.advance(20 * TICK_MS); // token long expired while hidden: no refresh attempted
    expect(h.calls.refresh).toEqual([]);
    h.setHidden(false);
    await settle();
    expect(h.calls.refresh).toHaveLength(1);
    expect(ticker.running).toBe(true);
    ticker.stop();
  });

  it('retries a network failure with growing delays and succeeds within the budget', async () => {
    const h = harness({
      expiresAt: 1_000_000,
      outcomes: [{ ok: false, status: 0 }, { ok: false, status: 503 }, { ok: true }],
    });
    const ticker = startSessionTicker(h.deps);
    await settle();
    await h.clock.advance(1_000);
    const start = h.calls.refresh[0]!;
    expect(h.calls.refresh.map((t) => t - start)).toEqual([0, 200, 600]);
    expect(h.calls.removed).toBe(0);
    ticker.stop();
  });

  it('gives up retrying after 30 s and tries again on a later tick, keeping the session', async () => {
    const failures: RefreshOutcome[] = Array.from({ length: 20 }, () => ({ ok: false, status: 0 }));
    const h = harness({ expiresAt: 1_000_000, outcomes: failures });
    const ticker = startSessionTicker(h.deps);
    await settle();
    await h.clock.advance(BACKOFF_BUDGET_MS);
    const firstBurst = h.calls.refresh.length;
    expect(firstBurst).toBe(8); // attempt + 7 retries: 200…12800 ms, the 8th would end past 30 s
    expect(h.calls.removed).toBe(0);
    await h.clock.advance(2 * TICK_MS);
    expect(h.calls.refresh.length).toBeGreaterThan(firstBurst);
    ticker.stop();
  });

  it('removes the session on a non-retryable failure without retrying', async () => {
    const h = harness({ expiresAt: 1_000_000, outcomes: [{ ok: false, status: 400 }] });
    const ticker = startSessionTicker(h.deps);
    await settle();
    await h.clock.advance(5_000);
    expect(h.calls.refresh).toHaveLength(1);
    expect(h.calls.removed).toBe(1);
    ticker.stop();
  });

  it('leaves no timer behind once stopped', async () => {
    const h = harness({ expiresAt: null, outcomes: [] });
    const ticker = startSessionTicker(h.deps);
    await settle();
    ticker.stop();
    expect(h.clock.pending()).toBe(0);
  });
});
