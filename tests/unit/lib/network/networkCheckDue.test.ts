// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NETWORK_CHECK_INTERVAL_MS,
  networkCheckDueAt,
  newestAnswerAt,
} from '../../../../src/lib/network/networkCheckDue.ts';
import type { FeedReport } from '../../../../src/lib/apiErrors.ts';

const T0 = Date.UTC(2026, 10, 27, 2, 0, 30);
const MIN = 60_000;

const report = (resource: string, at: number, error: string | null = null): FeedReport => ({
  resource,
  outcome: error === null ? 'not-modified' : 'failed',
  error,
  dataAgeMs: MIN,
  maxAgeMs: 20 * MIN,
  at,
});

describe('when the network check is due', () => {
  it('is a minute after the newest proof', () => {
    expect(NETWORK_CHECK_INTERVAL_MS).toBe(60_000);
    expect(networkCheckDueAt([T0, null, T0 + 5_000])).toBe(T0 + 5_000 + 60_000);
  });

  it('counts a poll the server answered, even with an error, but not one that got no answer', () => {
    const reports = [
      report('solar-wind', T0 + 1_000),
      report('aurora-oval', T0 + 2_000, 'API error: 503 Service Unavailable'),
      report('kp-index', T0 + 3_000, 'Network error: Failed to fetch'),
      report('magnetic-field', T0 + 4_000, 'Request timed out after 10000ms'),
    ];
    expect(newestAnswerAt(reports)).toBe(T0 + 2_000);
    expect(newestAnswerAt([])).toBeNull();
  });
});

describe('the network monitor beside the poller', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ now: T0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('ok')),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  async function start() {
    const monitor = await import('../../../../src/lib/network/networkMonitor.ts');
    const errors = await import('../../../../src/lib/apiErrors.ts');
    const stop = monitor.startNetworkMonitor();
    await vi.advanceTimersByTimeAsync(0);
    return { ...monitor, ...errors, stop, pings: () => vi.mocked(fetch).mock.calls.length };
  }

  it('never checks on a timer while the poller’s answers come once a minute', async () => {
    const m = await start();
    const afterFirst = m.pings();
    for (let minute = 1; minute <= 60; minute++) {
      await vi.advanceTimersByTimeAsync(MIN);
      m.recordPollReport(report('solar-wind', 0), Date.now());
    }
    expect(m.pings()).toBe(afterFirst);
    expect(vi.getTimerCount()).toBe(1);
    // The answers stop (the data service is down): a check on the whole minute after 60 s.
    m.recordPollReport(report('solar-wind', 0, 'Network error: Failed to fetch'), Date.now());
    await vi.advanceTimersByTimeAsync(MIN + 29_999);
    expect(m.pings()).toBe(afterFirst);
    await vi.advanceTimersByTimeAsync(1);
    expect(m.pings()).toBe(afterFirst + 1);
    m.stop();
  });

  it('sets no check while the page is hidden, and checks when it is shown if one is due', async () => {
    const m = await start();
    const afterFirst = m.pings();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    // The page's clock is told the page is hidden by this event (src/ui/useNow.ts).
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(m.pings()).toBe(afterFirst);
    expect(vi.getTimerCount()).toBe(0);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(m.pings()).toBe(afterFirst + 1);
    m.stop();
  });
});
