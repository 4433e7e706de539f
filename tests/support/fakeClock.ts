import type { Timers } from '../../workers/request/timers.ts';

/**
 * A clock and timers the test moves by hand: `advanceTo(t)` fires every timer due by `t` in time
 * order, moving `now` to each timer's time as it fires, so code that reads the clock inside a timer
 * sees the time the timer was set for.
 */
export interface FakeClock {
  now(): number;
  timers: Timers;
  advanceTo(t: number): void;
  /** Move to `t` first, then fire what is due: timers that fire late, as after a suspended device. */
  jumpTo(t: number): void;
  /** Timers still waiting. */
  readonly pending: number;
}

export function fakeClock(start: number): FakeClock {
  let t = start;
  let seq = 0;
  const waiting = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    timers: {
      setTimeout(fn, ms) {
        const id = ++seq;
        waiting.set(id, { at: t + Math.max(0, ms), fn });
        return id;
      },
      clearTimeout(handle) {
        waiting.delete(handle as number);
      },
    },
    advanceTo(target) {
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | null = null;
        for (const entry of waiting)
          if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        waiting.delete(next[0]);
        t = Math.max(t, next[1].at);
        next[1].fn();
      }
      t = Math.max(t, target);
    },
    jumpTo(target) {
      t = Math.max(t, target);
      this.advanceTo(target);
    },
    get pending() {
      return waiting.size;
    },
  };
}
