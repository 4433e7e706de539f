/**
 * The page's one clock for what moves with time alone (ages, feed states, "now" on the map): one
 * timer for every subscriber, set for the earliest moment one of them says its text changes
 * (`nextChange(now)`, e.g. core/time/formatAge.ts `ageTextChangesAt`), never a fixed period. It
 * runs only while something is subscribed and the page is visible; back in view it reads the time
 * at once and wakes every subscriber. Each tick wakes only the subscribers whose moment has come;
 * every reader sees the same `now`, the time of the last tick.
 *
 * Time, the timer and the page's visibility are passed in (`ClockDeps`), so tests drive it.
 *
 * Following another thread's ticks (`follow`): the poller's worker wakes every minute anyway to
 * poll, and a timer of the page's own at the same minute is a second wake-up of the device (issue
 * 29: ≤ 120 an hour while nothing changes on screen). Followed, the clock tells the follower each
 * moment it wants (`want(at)`), the follower rings it (`tick()`) at that moment together with its
 * own work, and the page's own timer becomes a fallback `FOLLOW_GRACE_MS` later, cleared by every
 * tick that comes in time: a follower that is busy, stopped or gone leaves the ages at most that
 * late, never stuck.
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
  /**
   * Lets another timer ring this clock: `want(at)` is told each moment the clock wants a tick (null:
   * none), `lagMs` after it, and `tick()` of the returned handle rings it. `stop()` goes back to the
   * clock's own timer.
   */
  follow(want: (at: number | null) => void, lagMs?: number): { tick(): void; stop(): void };
}

/**
 * How long after its moment a followed clock waits for the follower's tick before its own timer
 * fires: bounds how late an age may turn when the follower is busy or gone.
 */
export const FOLLOW_GRACE_MS = 2_000;

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
  let follower: ((at: number | null) => void) | null = null;
  let followLag = 0;
  // The moment last told to the follower (undefined: nothing told yet).
  let wanted: number | null | undefined;

  // A next change at or before the current time would tick again at once, forever.
  const dueAfter = (s: Subscriber, t: number) => Math.max(s.nextChange(t), t + 1);

  const schedule = () => {
    cancelTimer?.();
    cancelTimer = null;
    let due = Infinity;
    if (subscribers.size > 0 && deps.visible())
      for (const s of subscribers) due = Math.min(due, s.due);
    const at = due === Infinity ? null : due + (follower ? followLag : 0);
    if (follower && at !== wanted) {
      wanted = at;
      follower(at);
    }
    if (at === null) return;
    const grace = follower ? FOLLOW_GRACE_MS : 0;
    cancelTimer = deps.setTimer(tick, Math.max(0, at - deps.now()) + grace);
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
    follow(want, lagMs = 0) {
      follower = want;
      followLag = lagMs;
      wanted = undefined;
      schedule();
      return {
        tick() {
          if (follower !== want) return;
          // Rung before the moment wanted (the follower's clock ahead of the page's): the page's
          // own timer still comes; telling the same moment again would only ring again at once.
          if (typeof wanted === 'number' && deps.now() < wanted) return;
          // Told again after this tick, even the same moment: the follower rang what it was told.
          wanted = undefined;
          wake(false);
        },
        stop() {
          if (follower !== want) return;
          follower = null;
          wanted = undefined;
          schedule();
        },
      };
    },
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
        schedule();
        stopWatchingVisibility?.();
        stopWatchingVisibility = null;
      };
    },
  };
}
