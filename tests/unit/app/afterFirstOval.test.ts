import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstOval,
  afterNextFrame,
  FIRST_OVAL_MARK,
  observePerformanceMark,
  type AfterFirstOvalDeps,
} from '../../../src/app/afterFirstOval.ts';

/** A hand-driven mark and clock, so the test decides what happens first. */
function fakeDeps(markedAlready = false) {
  const watchers = new Set<() => void>();
  const timers = new Map<number, { fn: () => void; ms: number }>();
  const frames: (() => void)[] = [];
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
    afterNextFrame: (fn) => void frames.push(fn),
  };
  return {
    deps,
    drawOval: () => [...watchers].forEach((fn) => fn()),
    nextFrame: () => frames.splice(0).forEach((fn) => fn()),
    fireTimers: () => [...timers.values()].forEach((t) => t.fn()),
    watchers,
    timers,
  };
}

describe('what waits for the first oval', () => {
  it('runs once the oval is drawn and the next frame has begun, not before, and only once', () => {
    const f = fakeDeps();
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    expect(runs).toBe(0);
    f.drawOval();
    // Drawn, not yet shown: the browser shows the canvas at its next frame.
    expect(runs).toBe(0);
    f.nextFrame();
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

  it('runs after the next frame when the oval was drawn before it was asked', () => {
    const f = fakeDeps(true);
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    expect(runs).toBe(0);
    f.nextFrame();
    expect(runs).toBe(1);
    expect(f.timers.size).toBe(0);
  });

  it('does not wait for a frame once the 5 s are up (the timer wins over a frame still to come)', () => {
    const f = fakeDeps();
    let runs = 0;
    afterFirstOval(() => runs++, f.deps);
    f.drawOval();
    f.fireTimers();
    expect(runs).toBe(1);
    f.nextFrame();
    expect(runs).toBe(1);
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

describe('a task after the next frame', () => {
  /** Fake timers, a tab in this visibility state, and the animation frames it asks for. */
  function stubFrames(visibilityState: DocumentVisibilityState): FrameRequestCallback[] {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('document', { visibilityState });
    return frames;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a timer task after the next animation frame, not in it', async () => {
    const frames = stubFrames('visible');
    let ran = 0;
    afterNextFrame(() => ran++);
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toBe(0);
    frames.shift()!(0);
    expect(ran).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toBe(1);
  });

  it('runs in a timer task alone in a hidden tab, which runs no frames', async () => {
    const frames = stubFrames('hidden');
    let ran = 0;
    afterNextFrame(() => ran++);
    await vi.advanceTimersByTimeAsync(0);
    expect(ran).toBe(1);
    expect(frames).toHaveLength(0);
  });
});
