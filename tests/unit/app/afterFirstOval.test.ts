import { describe, expect, it } from 'vitest';
import {
  afterFirstOval,
  FIRST_OVAL_MARK,
  observePerformanceMark,
  type AfterFirstOvalDeps,
} from '../../../src/app/afterFirstOval.ts';

/** A hand-driven mark and clock, so the test decides what happens first. */
function fakeDeps(markedAlready = false) {
  const watchers = new Set<() => void>();
  const timers = new Map<number, { fn: () => void; ms: number }>();
  let id = 0;
  const deps: AfterFirstOvalDeps = {
    observeMark: (name, fn) => {
      expect(name).toBe(FIRST_OVAL_MARK);
      if (markedAlready) {
        fn();
        return () => undefined;
      }
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    setTimer: (fn, ms) => {
      const key = ++id;
      timers.set(key, { fn, ms });
      return () => timers.delete(key);
    },
  };
  return {
    deps,
    drawOval: () => [...watchers].forEach((fn) => fn()),
    fireTimers: () => [...timers.values()].forEach((t) => t.fn()),
    watchers,
    timers,
  };
}

describe('what waits for the first oval', () => {
  it('runs once the oval is drawn, not before, and only once', () => {
    const f = fakeDeps();
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    expect(runs).toBe(0);
    f.drawOval();
    expect(runs).toBe(1);
    f.drawOval();
    f.fireTimers();
    expect(runs).toBe(1);
    expect(f.watchers.size).toBe(0);
    expect(f.timers.size).toBe(0);
  });

  it('runs after at most 5 s when no oval comes (a screen without the map)', () => {
    const f = fakeDeps();
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    expect([...f.timers.values()].map((t) => t.ms)).toEqual([5000]);
    f.fireTimers();
    expect(runs).toBe(1);
    f.drawOval();
    expect(runs).toBe(1);
    expect(f.watchers.size).toBe(0);
  });

  it('runs at once when the oval was drawn before it was asked', () => {
    const f = fakeDeps(true);
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    expect(runs).toBe(1);
    expect(f.timers.size).toBe(0);
  });

  it('sees the map’s User Timing mark, made before or after it started watching', async () => {
    const later = `${FIRST_OVAL_MARK}-test-later`;
    let seenLater = 0;
    const stop = observePerformanceMark(later, () => seenLater++);
    performance.mark(later);
    await new Promise((r) => setTimeout(r, 50));
    expect(seenLater).toBe(1);
    stop();

    const before = `${FIRST_OVAL_MARK}-test-before`;
    performance.mark(before);
    let seenBefore = 0;
    observePerformanceMark(before, () => seenBefore++)();
    expect(seenBefore).toBe(1);
  });
});
