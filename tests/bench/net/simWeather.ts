/**
 * The worker's weather loop (workers/weather/weatherLoop.ts, the real one) on the bench's
 * simulated clock: its timers are kept here and fired when the bench moves the clock to them, so
 * the loop polls on its own schedule (at once for a new place, then every 30 min) within the
 * simulated hour. `settled()` resolves when the loop is waiting on a timer with no request out,
 * so the bench never moves the clock under a poll in progress.
 */
import type { AuroraDatabase } from '../../../sync/database.ts';
import type { Timers } from '../../../workers/request/timers.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';
import { startWeatherLoop } from '../../../workers/weather/weatherLoop.ts';

export interface SimWeather {
  /** When the loop's next timer is due (Infinity when none). */
  nextAt(): number;
  /** Fires every timer due at the clock's time. */
  fireDue(): void;
  /** Resolves once the loop waits on a timer with no request out; rejects after 20 s of real time. */
  settled(): Promise<void>;
  stop(): void;
}

export function startSimWeather(opts: {
  db: AuroraDatabase;
  fetch: FetchLike;
  backendBase: string;
  now: () => number;
}): SimWeather {
  const pending = new Map<number, { at: number; fn: () => void }>();
  let ids = 0;
  const timers: Timers = {
    setTimeout(fn, ms) {
      pending.set(++ids, { at: opts.now() + ms, fn });
      return ids;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  let requestsOut = 0;
  const fetch: FetchLike = (url, init) => {
    requestsOut++;
    return opts.fetch(url, init).finally(() => requestsOut--);
  };
  const loop = startWeatherLoop({
    db: opts.db,
    fetch,
    backendBase: opts.backendBase,
    online: true,
    forcedOffline: false,
    now: opts.now,
    timers,
  });
  return {
    nextAt: () => Math.min(...[...pending.values()].map((t) => t.at)),
    fireDue() {
      const due = [...pending.entries()]
        .filter(([, t]) => t.at <= opts.now())
        .sort((a, b) => a[1].at - b[1].at);
      for (const [id, t] of due) {
        pending.delete(id);
        t.fn();
      }
    },
    async settled() {
      const giveUpAt = performance.now() + 20_000;
      while (requestsOut > 0 || pending.size === 0) {
        if (performance.now() > giveUpAt)
          throw new Error('the weather loop did not settle (no place in use?)');
        await new Promise((r) => setTimeout(r, 1));
      }
    },
    stop: () => loop.stop(),
  };
}
