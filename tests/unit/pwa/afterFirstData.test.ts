import { describe, expect, it } from 'vitest';
import { afterFirstData, type FirstDataSignal } from '../../../src/pwa/afterFirstData.ts';

function fakeSignal(initial = false) {
  let data = initial;
  const listeners = new Set<() => void>();
  const timers = new Map<number, () => void>();
  let next = 0;
  const signal: FirstDataSignal = {
    hasData: () => data,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setTimer: (fn) => {
      const id = next++;
      timers.set(id, fn);
      return () => timers.delete(id);
    },
  };
  return {
    signal,
    report: () => {
      data = true;
      for (const l of [...listeners]) l();
    },
    fireTimers: () => [...timers.values()].forEach((fn) => fn()),
    get listening() {
      return listeners.size;
    },
    get timers() {
      return timers.size;
    },
  };
}

describe('the precache waits for the first screen’s data', () => {
  it('waits for the first report, then runs once and stops listening', () => {
    const f = fakeSignal();
    let runs = 0;
    afterFirstData(f.signal, 10_000, () => (runs += 1));
    expect(runs).toBe(0);
    f.report();
    f.report();
    expect(runs).toBe(1);
    expect(f.listening).toBe(0);
    expect(f.timers).toBe(0);
  });

  it('runs at once when the data is already there', () => {
    const f = fakeSignal(true);
    let runs = 0;
    afterFirstData(f.signal, 10_000, () => (runs += 1));
    expect(runs).toBe(1);
    expect(f.listening).toBe(0);
  });

  it('runs after the longest wait when no report comes (offline, no data service)', () => {
    const f = fakeSignal();
    let runs = 0;
    afterFirstData(f.signal, 10_000, () => (runs += 1));
    f.fireTimers();
    f.report();
    expect(runs).toBe(1);
  });
});
