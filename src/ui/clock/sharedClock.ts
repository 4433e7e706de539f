/**
 * The page's one clock for what moves with time alone (ages, feed states, "now" on the map): one
 * timer for every subscriber, set for the earliest moment one of them says its text changes
 * (`nextChange(now)`, e.g. core/time/formatAge.ts `ageTextChangesAt`), never a fixed period. It
 * runs only while something is subscribed and the page is visible; back in view it reads the time
 * at once and wakes every subscriber. Each tick wakes only the subscribers whose moment has come;
 * every reader sees the same `now`, the time of the last tick.
 *
 * Time, the timer and the page's visibility are passed in (`ClockDeps`), so tests drive it.
 */

export interface ClockDeps {
  now(): number;
  /** Calls `fn` once after `ms`; returns a cancel function. */
  setTimer(fn: () => void, ms: number): () => void;
  visible(): boolean;
  /** Calls `fn` when the page is shown or hidden; returns a stop function. */
  onVisibilityChange(fn: () => void): () => void;
}

export interface SharedClock {
  /** The time of the last tick (or the current time while nothing is subscribed). */
  read(): number;
  /**
   * `nextChange(now)` is when the subscriber's text next differs; `notify` runs at that tick.
   * Returns the unsubscribe function.
   */
  subscribe(nextChange: (now: number) => number, notify: () => void): () => void;
}

interface Subscriber {
  nextChange(now: number): number;
  notify(): void;
  due: number;
}

export function createSharedClock(deps: ClockDeps): SharedClock {
  let now = deps.now();
  const subscribers = new Set<Subscriber>();
  let cancelTimer: (() => void) | null = null;
  let stopWatchingVisibility: (() => void) | null = null;

  // A next change at or before the current time would tick again at once, forever.
  const dueAfter = (s: Subscriber, t: number) => Math.max(s.nextChange(t), t + 1);

  const schedule = () => {
    cancelTimer?.();
    cancelTimer = null;
    if (subscribers.size === 0 || !deps.visible()) return;
    let due = Infinity;
    for (const s of subscribers) due = Math.min(due, s.due);
    if (due === Infinity) return;
    cancelTimer = deps.setTimer(tick, Math.max(0, due - deps.now()));
  };

  const wake = (all: boolean) => {
    now = deps.now();
    const woken = [...subscribers].filter((s) => all || s.due <= now);
    for (const s of woken) s.notify();
    // After `notify`: what a subscriber did there (a refresh it ran) may move its next change.
    for (const s of woken) s.due = dueAfter(s, now);
    schedule();
  };

  function tick() {
    cancelTimer = null;
    wake(false);
  }

  const onVisibility = () => {
    if (deps.visible()) wake(true);
    else schedule();
  };

  return {
    read() {
      if (subscribers.size === 0) now = deps.now();
      return now;
    },
    subscribe(nextChange, notify) {
      if (subscribers.size === 0) {
        now = deps.now();
        stopWatchingVisibility = deps.onVisibilityChange(onVisibility);
      }
      const s: Subscriber = { nextChange, notify, due: 0 };
      s.due = dueAfter(s, now);
      subscribers.add(s);
      schedule();
      return () => {
        if (!subscribers.delete(s)) return;
        if (subscribers.size > 0) return schedule();
        cancelTimer?.();
        cancelTimer = null;
        stopWatchingVisibility?.();
        stopWatchingVisibility = null;
      };
    },
  };
}
