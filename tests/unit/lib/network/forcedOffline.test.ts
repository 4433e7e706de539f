// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
  // The monitor pings when the browser gives no connection estimate (jsdom gives none).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('ok')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  return import('../../../../src/lib/network/networkMonitor.ts');
}

describe('Go Offline / Go Online', () => {
  it('tells subscribers and stores the choice', async () => {
    const m = await load();
    const seen: boolean[] = [];
    const unsubscribe = m.subscribeForcedOffline((forced) => seen.push(forced));
    m.setForcedOffline(true);
    expect(m.networkStore.get().forcedOffline).toBe(true);
    expect(localStorage.getItem('aurora-forced-offline')).toBe('true');
    m.setForcedOffline(true);
    m.setForcedOffline(false);
    expect(seen).toEqual([true, false]);
    unsubscribe();
  });

  it('reports offline while forced, without pinging', async () => {
    const m = await load();
    m.setForcedOffline(true);
    await m.checkNetwork();
    expect(m.networkStore.get()).toMatchObject({
      isOnline: false,
      condition: 'offline',
      forcedOffline: true,
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('triggers a data refresh when the user leaves offline mode, not when entering it', async () => {
    const m = await load();
    const refresh = vi.fn();
    m.onRefreshRequested(refresh);
    m.setForcedOffline(true);
    expect(refresh).not.toHaveBeenCalled();
    m.setForcedOffline(false);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('follows Go Offline chosen in another tab of the app, and only the tab that chose it asks for a refresh', async () => {
    const m = await load();
    const stop = m.startNetworkMonitor();
    const seen: boolean[] = [];
    m.subscribeForcedOffline((forced) => seen.push(forced));
    const refresh = vi.fn();
    m.onRefreshRequested(refresh);
    const otherTab = (value: string) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'aurora-forced-offline', newValue: value }),
      );
    otherTab('true');
    expect(m.networkStore.get().forcedOffline).toBe(true);
    otherTab('false');
    expect(m.networkStore.get().forcedOffline).toBe(false);
    expect(seen).toEqual([true, false]);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('remembers the choice across page loads', async () => {
    localStorage.setItem('aurora-forced-offline', 'true');
    const m = await load();
    expect(m.networkStore.get()).toMatchObject({ forcedOffline: true, isOnline: false });
  });

  it('falls back to the ping when the browser gives no estimate, and records the round trip', async () => {
    const m = await load();
    await m.checkNetwork();
    const status = m.networkStore.get();
    expect(fetch).toHaveBeenCalledWith(
      '/functions/v1/ping',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(['excellent', 'good', 'fair', 'poor']).toContain(status.condition);
    expect(status.rttMs).not.toBeNull();
    expect(status.lastCheckTime).not.toBeNull();
  });

  it('checks again every 60 s, on the whole minute, while nothing else proves the link', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 2, 0, 0) });
    const m = await load();
    const stop = m.startNetworkMonitor();
    await vi.advanceTimersByTimeAsync(0);
    const first = vi.mocked(fetch).mock.calls.length;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(vi.mocked(fetch).mock.calls.length).toBe(first);
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.mocked(fetch).mock.calls.length).toBe(first + 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.mocked(fetch).mock.calls.length).toBe(first + 2);
    stop();
    vi.useRealTimers();
  });
});
