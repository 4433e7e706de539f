/**
 * Counts the page's wake-ups for the soak bench: every timer callback (timeout, interval, animation
 * frame, idle callback) the page runs. Added after `page.clock.install()`, so it wraps Playwright's
 * fake timers, which the bench's clock fires. A string, not a function: tsx would wrap named
 * functions in a helper the browser lacks.
 */
import type { Page } from 'playwright-core';

export interface Wakeups {
  timeout: number;
  interval: number;
  animationFrame: number;
  idle: number;
}

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
      const where = (new Error().stack || '').split('\\n').slice(2, 4).join(' <- ').trim();
      return real.call(this, function (...args) {
        counts[kind]++;
        sources.set(where, (sources.get(where) || 0) + 1);
        return fn.apply(this, args);
      }, ...rest);
    };
  };
  wrap('setTimeout', 'timeout');
  wrap('setInterval', 'interval');
  wrap('requestAnimationFrame', 'animationFrame');
  wrap('requestIdleCallback', 'idle');
})();
`;

export function readPageWakeups(page: Page): Promise<Wakeups> {
  return page.evaluate(() => ({
    ...(globalThis as unknown as { __soakWakeups: Wakeups }).__soakWakeups,
  }));
}

/** The callers that woke the page most often since it loaded, for the bench's stderr. */
export function topWakeupSources(page: Page, n: number): Promise<[string, number][]> {
  return page.evaluate(
    (k) =>
      [
        ...(globalThis as unknown as { __soakWakeupSources: Map<string, number> })
          .__soakWakeupSources,
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, k),
    n,
  );
}
