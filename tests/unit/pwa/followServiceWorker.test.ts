// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStatusWatch, followRegistration } from '../../../src/pwa/followServiceWorker.ts';

/** A registration as the browser keeps it: workers appear in `installing`, then move on. */
function fakeRegistration() {
  const registration = Object.assign(new EventTarget(), {
    installing: null as ServiceWorker | null,
    waiting: null as ServiceWorker | null,
    active: null as ServiceWorker | null,
  });
  const worker = () => new EventTarget() as ServiceWorker;
  return { registration, worker };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the service worker’s status, by its events', () => {
  it('changes when a new worker is found and at each of its state changes', () => {
    const { registration, worker } = fakeRegistration();
    const refresh = vi.fn();
    followRegistration(registration, refresh);
    const found = worker();
    registration.installing = found;
    registration.dispatchEvent(new Event('updatefound'));
    expect(refresh).toHaveBeenCalledTimes(1);
    registration.installing = null;
    registration.waiting = found;
    found.dispatchEvent(new Event('statechange'));
    expect(refresh).toHaveBeenCalledTimes(2);
    registration.waiting = null;
    registration.active = found;
    found.dispatchEvent(new Event('statechange'));
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('follows a worker already installing or waiting when the registration comes back', () => {
    const { registration, worker } = fakeRegistration();
    const waiting = worker();
    registration.waiting = waiting;
    const refresh = vi.fn();
    const stop = followRegistration(registration, refresh);
    waiting.dispatchEvent(new Event('statechange'));
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    waiting.dispatchEvent(new Event('statechange'));
    registration.dispatchEvent(new Event('updatefound'));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the service worker status poll (30 s)', () => {
  it('runs only while a status is on screen, at once and then every 30 s', () => {
    const refresh = vi.fn();
    const intervals: { fn: () => void; ms: number; stopped: boolean }[] = [];
    const watch = createStatusWatch(refresh, 30_000, {
      setInterval(fn, ms) {
        const interval = { fn, ms, stopped: false };
        intervals.push(interval);
        return () => (interval.stopped = true);
      },
    });
    expect(intervals).toHaveLength(0);
    const stopDebugPanel = watch.watch();
    const stopCacheDebugger = watch.watch();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(intervals.map((i) => i.ms)).toEqual([30_000]);
    stopDebugPanel();
    expect(intervals[0]!.stopped).toBe(false);
    stopCacheDebugger();
    expect(intervals[0]!.stopped).toBe(true);
  });

  it('sets no interval when the app registers its worker and no status is shown', async () => {
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: Object.assign(new EventTarget(), { controller: null }),
    });
    try {
      const setInterval = vi.spyOn(window, 'setInterval');
      const { registerServiceWorker } = await import('../../../src/pwa/registerServiceWorker.ts');
      registerServiceWorker();
      expect(setInterval).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
