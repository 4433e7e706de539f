/**
 * Counts the page's wake-ups for the soak bench: every timer callback (timeout, interval, animation
 * frame, idle callback) the page runs. Added after `page.clock.install()`, so it wraps Playwright's
 * fake timers, which the bench's clock fires. A string, not a function: tsx would wrap named
 * functions in a helper the browser lacks.
 *
 * Each callback is counted under its caller (the first `SOURCE_FRAMES` frames of the stack where it
 * was set): the frame that sets a timer is often a library's scheduler (rxjs's `requestAsyncId`, a
 * promise helper), and only the frames above it name who asked. `topWakeupSources` reports the
 * callers since the counts were first read (the bench reads them when its quiet window starts), so
 * what it prints is what woke the page while nothing changed on screen.
 */
import type { Page } from 'playwright-core';

export interface Wakeups {
  timeout: number;
  interval: number;
  animationFrame: number;
  idle: number;
}

/** How many stack frames name a wake-up's source: enough to see past a scheduler to its caller. */
const SOURCE_FRAMES = Number(process.env.SOAK_SOURCE_FRAMES ?? 4);

export const PAGE_WAKEUPS = `
(() => {
  const counts = { timeout: 0, interval: 0, animationFrame: 0, idle: 0 };
  const sources = new Map();
  globalThis.__soakWakeups = counts;
  globalThis.__soakWakeupSources = sources;
  const wrap = (name, kind) => {
    const real = globalThis[name];
    if (typeof real !== 'function') return;
    globalThis[name] = function (fn, ...rest) {
      if (typeof fn !== 'function') return real.call(this, fn, ...rest);
      const where = (new Error().stack || '').split('\\n').slice(2, ${2 + SOURCE_FRAMES}).map((l) => l.trim()).join(' <- ');
      return real.call(this, function (...args) {
        counts[kind]++;
        sources.set(where, (sources.get(where) || 0) + 1);
        return fn.apply(this, args);
      }, ...rest);
    };
  };
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, ${4 + SOURCE_FRAMES});
  wrap('setTimeout', 'timeout');
  wrap('setInterval', 'interval');
  wrap('requestAnimationFrame', 'animationFrame');
  wrap('requestIdleCallback', 'idle');
})();
`;

/** The counts so far; the first read also marks where `topWakeupSources` starts counting. */
export function readPageWakeups(page: Page): Promise<Wakeups> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      __soakWakeups: Wakeups;
      __soakWakeupSources: Map<string, number>;
      __soakWakeupSourcesFrom?: Map<string, number>;
    };
    g.__soakWakeupSourcesFrom ??= new Map(g.__soakWakeupSources);
    return { ...g.__soakWakeups };
  });
}

/** The callers that woke the page most often since the counts were first read, for the bench's stderr. */
export function topWakeupSources(page: Page, n: number): Promise<[string, number][]> {
  return page.evaluate((k) => {
    const g = globalThis as unknown as {
      __soakWakeupSources: Map<string, number>;
      __soakWakeupSourcesFrom?: Map<string, number>;
    };
    const from = g.__soakWakeupSourcesFrom ?? new Map<string, number>();
    return [...g.__soakWakeupSources]
      .map(([where, count]): [string, number] => [where, count - (from.get(where) ?? 0)])
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, k);
  }, n);
}
