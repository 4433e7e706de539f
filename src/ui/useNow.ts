import { useCallback, useSyncExternalStore } from 'react';
import { createSharedClock, type SharedClock } from './clock/sharedClock.ts';

const MINUTE = 60_000;

/**
 * The clock's next whole minute. Ages of data stamped on whole minutes change there (and only
 * there: core/time/formatAge.ts counts whole minutes): SWPC's 1-minute samples, Kp, OVATION's
 * observation and forecast times and the cloud models' runs are all stamped on the minute.
 */
export const nextWholeMinute = (now: number): number => Math.floor(now / MINUTE) * MINUTE + MINUTE;

let pageClock: SharedClock | null = null;

/** The page's one shared clock (./clock/sharedClock.ts), created at its first reader. */
function clock(): SharedClock {
  pageClock ??= createSharedClock({
    now: () => Date.now(),
    setTimer: (fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
    visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    onVisibilityChange: (fn) => {
      if (typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', fn);
      return () => document.removeEventListener('visibilitychange', fn);
    },
  });
  return pageClock;
}

const read = () => clock().read();

/**
 * For what is not a component but should wake with the ages, not on a timer of its own (the
 * periodic refresh, src/app/dataServices.ts): `notify` runs at `nextChange(now)`, on the same tick
 * as the ages when they fall on the same minute, and never while the page is hidden.
 */
export function onPageClock(nextChange: (now: number) => number, notify: () => void): () => void {
  return clock().subscribe(nextChange, notify);
}

/**
 * How late after its moment a followed clock asks to be rung, at most (each page picks its own lag
 * below this once): the worker's polls ride the ring, and every phone polling on the whole minute at
 * once would be a burst at the backend each minute. Bounds how late an age turns.
 */
export const FOLLOW_SPREAD_MS = 5_000;

/**
 * Lets the poller's worker ring the page's clock with its own minute's work (sharedClock.ts
 * `follow`): `want(at)` is told each moment the clock wants, `tick()` rings it. `lagMs`: see
 * FOLLOW_SPREAD_MS.
 */
export function followPageClock(
  want: (at: number | null) => void,
  lagMs: number,
): { tick(): void; stop(): void } {
  return clock().follow(want, lagMs);
}

/**
 * The current time from the page's shared clock, so ages on screen move without new data. The
 * component re-renders when `nextChange(now)` comes (by default the next whole minute, when every
 * age of minute-stamped data changes; pass `ageTextChangesAt` of the times shown for others), and
 * never while the page is hidden. `nextChange` must keep its identity between renders (a module
 * function, or memoised): a new one subscribes again.
 */
export function useNow(nextChange: (now: number) => number = nextWholeMinute): number {
  const subscribe = useCallback(
    (notify: () => void) => clock().subscribe(nextChange, notify),
    [nextChange],
  );
  return useSyncExternalStore(subscribe, read, read);
}
