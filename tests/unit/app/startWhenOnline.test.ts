import { describe, expect, it } from 'vitest';
import { startWhenOnline, type StartWhenOnlineDeps } from '../../../src/app/startWhenOnline.ts';

/** A hand-driven clock and `online` event, so the test decides what happens first. */
function fakeDeps(online: boolean) {
  const listeners = new Set<() => void>();
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let id = 0;
  const deps: StartWhenOnlineDeps = {
    online,
    addOnlineListener: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setTimer: (fn, ms) => {
      const key = ++id;
      timers.set(key, { fn, ms });
      return () => timers.delete(key);
    },
  };
  return {
    deps,
    goOnline: () => [...listeners].forEach((fn) => fn()),
    fireTimers: () => [...timers.values()].forEach((t) => t.fn()),
    listeners,
    timers,
  };
}

describe('starting the data services when the page opens', () => {
  it('starts at once when online, with no listener or timer left behind', () => {
    const f = fakeDeps(true);
    let started = 0;
    startWhenOnline(() => started++, f.deps);
    expect(started).toBe(1);
    expect(f.listeners.size).toBe(0);
    expect(f.timers.size).toBe(0);
  });

  it('opened offline, waits for the network to come back, then starts once', () => {
    const f = fakeDeps(false);
    let started = 0;
    startWhenOnline(() => started++, f.deps, 5000);
    expect(started).toBe(0);
    expect([...f.timers.values()].map((t) => t.ms)).toEqual([5000]);
    f.goOnline();
    expect(started).toBe(1);
    // The timer and the listener are gone: neither can start it a second time.
    expect(f.timers.size).toBe(0);
    expect(f.listeners.size).toBe(0);
  });

  it('opened offline and staying offline, starts after the wait, once', () => {
    const f = fakeDeps(false);
    let started = 0;
    startWhenOnline(() => started++, f.deps, 5000);
    f.fireTimers();
    f.goOnline();
    expect(started).toBe(1);
  });
});
