// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('ok')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function load() {
  const monitor = await import('../../../../src/lib/network/networkMonitor.ts');
  const gate = await import('../../../../src/lib/network/networkGate.ts');
  return { ...monitor, ...gate };
}

describe('the network gate of the backend client, the queue and preference sync', () => {
  it('sends nothing under Go Offline: the request fails as with no network, and fetch is never called', async () => {
    const m = await load();
    const sent = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/rest/v1/profiles');
    m.setForcedOffline(true);
    await expect(m.guardedFetch('/rest/v1/profiles')).rejects.toBeInstanceOf(TypeError);
    expect(sent()).toHaveLength(0);
    m.setForcedOffline(false);
    expect((await m.guardedFetch('/rest/v1/profiles')).ok).toBe(true);
    expect(sent()).toHaveLength(1);
  });

  it('says when the network may be used again: the online event and Go Online', async () => {
    const m = await load();
    const heard: boolean[] = [];
    const stop = m.subscribeNetworkAllowed((allowed) => heard.push(allowed));
    m.setForcedOffline(true);
    expect(m.networkAllowed()).toBe(false);
    m.setForcedOffline(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // Nothing changed, nothing said.
    window.dispatchEvent(new Event('online'));
    expect(heard).toEqual([false, true, false, true]);
    stop();
  });
});
