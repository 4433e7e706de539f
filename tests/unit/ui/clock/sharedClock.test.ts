import { describe, expect, it } from 'vitest';
import {
  createSharedClock,
  FOLLOW_GRACE_MS,
  type ClockDeps,
} from '../../../../src/ui/clock/sharedClock.ts';
import { ageTextChangesAt, formatAge } from '../../../../core/time/formatAge.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 27, 2, 0, 30);

/** A hand-moved clock: timers fire only when `advance` passes them; `wakeups` counts them. */
function fakePage() {
  let t = T0;
  let visible = true;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const visibilityListeners = new Set<() => void>();
  const page = {
    wakeups: 0,
    pending: () => [...timers.values()].map((x) => x.at),
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        const next = [...timers.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        timers.delete(next[0]);
        t = next[1].at;
        page.wakeups++;
        next[1].fn();
      }
      t = end;
    },
    setVisible(v: boolean) {
      visible = v;
      for (const fn of visibilityListeners) fn();
    },
    deps: {
      now: () => t,
      setTimer(fn, ms) {
        const id = ++seq;
        timers.set(id, { at: t + ms, fn });
        return () => timers.delete(id);
      },
      visible: () => visible,
      onVisibilityChange(fn) {
        visibilityListeners.add(fn);
        return () => visibilityListeners.delete(fn);
      },
    } satisfies ClockDeps,
    listeners: () => visibilityListeners.size,
  };
  return page;
}

describe('the page’s shared clock', () => {
  it('wakes when a shown age would read differently, and not before', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    // A picture stamped at 01:56:07.250: its age text changes at every :07.250.
    const dataTime = T0 - 4 * MIN - 23_250;
    const shown: string[] = [];
    clock.subscribe(
      (now) => ageTextChangesAt(dataTime, now),
      () => shown.push(formatAge(clock.read() - dataTime)),
    );
    expect(formatAge(clock.read() - dataTime)).toBe('4 min ago');
    expect(page.pending()).toEqual([dataTime + 5 * MIN]);
    page.advance(dataTime + 5 * MIN - 1 - T0);
    expect(page.wakeups).toBe(0);
    page.advance(1);
    expect(shown).toEqual(['5 min ago']);
    page.advance(10 * MIN);
    expect(page.wakeups).toBe(11);
    expect(shown.at(-1)).toBe('15 min ago');
  });

  it('wakes once for every subscriber whose text changes at the same moment', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    const woken: string[] = [];
    const nextMinute = (now: number) => Math.floor(now / MIN) * MIN + MIN;
    const nextHour = (now: number) => Math.floor(now / (60 * MIN)) * 60 * MIN + 60 * MIN;
    clock.subscribe(nextMinute, () => woken.push('summary'));
    clock.subscribe(nextMinute, () => woken.push('map status'));
    clock.subscribe(nextHour, () => woken.push('hourly query'));
    page.advance(60 * MIN);
    // 02:00:30 → 03:00:30: 60 whole minutes, one of them the hour.
    expect(page.wakeups).toBe(60);
    expect(woken.filter((w) => w === 'summary')).toHaveLength(60);
    expect(woken.filter((w) => w === 'map status')).toHaveLength(60);
    expect(woken.filter((w) => w === 'hourly query')).toHaveLength(1);
    expect(clock.read()).toBe(Date.UTC(2026, 10, 27, 3, 0, 0));
  });

  it('sets no timer once nothing that shows an age is subscribed', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    const stopA = clock.subscribe(
      (now) => now + 5 * MIN,
      () => undefined,
    );
    const stopB = clock.subscribe(
      (now) => now + MIN,
      () => undefined,
    );
    stopB();
    expect(page.pending()).toEqual([T0 + 5 * MIN]);
    stopA();
    expect(page.pending()).toEqual([]);
    expect(page.listeners()).toBe(0);
    page.advance(60 * MIN);
    expect(page.wakeups).toBe(0);
    // Read while idle, it is the time now, not the last tick's.
    expect(clock.read()).toBe(T0 + 60 * MIN);
  });

  it('sleeps while the page is hidden and catches up at once when it is shown again', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    let renders = 0;
    clock.subscribe(
      (now) => Math.floor(now / MIN) * MIN + MIN,
      () => renders++,
    );
    page.setVisible(false);
    expect(page.pending()).toEqual([]);
    page.advance(3 * 60 * MIN);
    expect(page.wakeups).toBe(0);
    expect(renders).toBe(0);
    page.setVisible(true);
    expect(renders).toBe(1);
    expect(clock.read()).toBe(T0 + 3 * 60 * MIN);
    expect(page.pending()).toEqual([Date.UTC(2026, 10, 27, 5, 1, 0)]);
  });

  it('wakes a subscriber that moves its own next change when woken (a refresh every 30 min) once', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    let lastRefresh = T0;
    const refreshes: number[] = [];
    clock.subscribe(
      () => lastRefresh + 30 * MIN,
      () => {
        lastRefresh = clock.read();
        refreshes.push(lastRefresh);
      },
    );
    page.advance(60 * MIN);
    expect(refreshes).toEqual([T0 + 30 * MIN, T0 + 60 * MIN]);
    expect(page.wakeups).toBe(2);
  });

  it('ticks at most once a millisecond on a next change already past, never in a loop within one task', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    let renders = 0;
    clock.subscribe(
      (now) => now - 1,
      () => renders++,
    );
    page.advance(10);
    expect(renders).toBe(10);
  });

  it('followed by the worker, it tells the moments it wants and its own timer never fires while the ticks come', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    const shown: number[] = [];
    const nextMinute = (now: number) => Math.floor(now / MIN) * MIN + MIN;
    clock.subscribe(nextMinute, () => shown.push(clock.read()));
    const wanted: (number | null)[] = [];
    const followed = clock.follow((at) => wanted.push(at));
    expect(wanted).toEqual([T0 + 30_000]);
    // Its own timer waits the grace past the moment, for the worker's tick.
    expect(page.pending()).toEqual([T0 + 30_000 + FOLLOW_GRACE_MS]);
    for (let m = 0; m < 10; m++) {
      const at = wanted.at(-1)!;
      page.advance(at - page.deps.now());
      followed.tick();
    }
    expect(page.wakeups).toBe(0);
    expect(shown).toHaveLength(10);
    expect(shown[9]).toBe(T0 + 30_000 + 9 * MIN);
    expect(wanted).toHaveLength(11);
  });

  it('followed, still turns the ages itself the grace late when no tick comes (the worker busy or gone)', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    const shown: number[] = [];
    clock.subscribe(
      (now) => Math.floor(now / MIN) * MIN + MIN,
      () => shown.push(clock.read()),
    );
    const wanted: (number | null)[] = [];
    clock.follow((at) => wanted.push(at));
    page.advance(3 * MIN);
    expect(page.wakeups).toBe(3);
    expect(shown).toEqual([1, 2, 3].map((k) => T0 + 30_000 + (k - 1) * MIN + FOLLOW_GRACE_MS));
    // Each time it still told the next moment, in case the worker is back.
    expect(wanted).toEqual([0, 1, 2, 3].map((k) => T0 + 30_000 + k * MIN));
  });

  it('followed, ignores a tick before the moment it wants and tells no moment while hidden', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    let renders = 0;
    clock.subscribe(
      (now) => Math.floor(now / MIN) * MIN + MIN,
      () => renders++,
    );
    const wanted: (number | null)[] = [];
    const followed = clock.follow((at) => wanted.push(at));
    page.advance(10_000);
    followed.tick();
    expect(renders).toBe(0);
    // Told once, not again at once (that would ring again at once).
    expect(wanted).toEqual([T0 + 30_000]);
    page.setVisible(false);
    expect(wanted.at(-1)).toBeNull();
    expect(page.pending()).toEqual([]);
    followed.stop();
    page.setVisible(true);
    // Back on its own timer, at the moment itself.
    expect(page.pending()).toEqual([T0 + 30_000]);
  });

  it('followed with a lag (each page its own), asks to be rung that much after each moment, its fallback the grace after that', () => {
    const page = fakePage();
    const clock = createSharedClock(page.deps);
    const shown: string[] = [];
    const dataTime = T0 - 30_000;
    clock.subscribe(
      (now) => ageTextChangesAt(dataTime, now),
      () => shown.push(formatAge(clock.read() - dataTime)),
    );
    const wanted: (number | null)[] = [];
    const followed = clock.follow((at) => wanted.push(at), 3_000);
    expect(wanted).toEqual([T0 + 33_000]);
    expect(page.pending()).toEqual([T0 + 33_000 + FOLLOW_GRACE_MS]);
    page.advance(33_000);
    followed.tick();
    expect(shown).toEqual(['1 min ago']);
    expect(wanted.at(-1)).toBe(T0 + 93_000);
    expect(page.wakeups).toBe(0);
  });
});
