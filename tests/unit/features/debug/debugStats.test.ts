import { describe, expect, it } from 'vitest';
import {
  operationOf,
  summarisePerformance,
} from '../../../../src/features/debug/performanceSummary.ts';
import { cacheStatistics, formatKB } from '../../../../src/features/debug/cacheStats.ts';
import { overallState, ping, pingState } from '../../../../src/features/debug/apiStatus.ts';

const ORIGIN = 'http://app.test';

describe('the performance dashboard', () => {
  it('names requests by operation', () => {
    expect(operationOf('/functions/v1/space-weather/kp-index', ORIGIN)).toBe(
      'space-weather/kp-index',
    );
    expect(operationOf('http://app.test/rest/v1/profiles?id=eq.1', ORIGIN)).toBe('rest profiles');
    expect(operationOf('/assets/MapPage-abc.js', ORIGIN)).toBe('app code (js)');
    expect(operationOf('https://services.swpc.noaa.gov/products/x.json', ORIGIN)).toBe(
      'services.swpc.noaa.gov',
    );
  });

  it('splits cached from network answers and computes the improvement', () => {
    const s = summarisePerformance(
      [
        {
          name: '/functions/v1/space-weather/kp-index',
          startTime: 0,
          duration: 200,
          transferSize: 800,
          encodedBodySize: 700,
        },
        {
          name: '/functions/v1/space-weather/kp-index',
          startTime: 0,
          duration: 100,
          transferSize: 800,
          encodedBodySize: 700,
        },
        {
          name: '/functions/v1/space-weather/kp-index',
          startTime: 0,
          duration: 15,
          transferSize: 0,
          encodedBodySize: 700,
        },
      ],
      ORIGIN,
    ).get('space-weather/kp-index');
    expect(s).toEqual({
      count: 3,
      avgDuration: 105,
      cachedCount: 1,
      cachedAvgDuration: 15,
      networkCount: 2,
      networkAvgDuration: 150,
      improvement: 90,
    });
  });

  it('reports no improvement when only one kind of answer was seen', () => {
    const s = summarisePerformance(
      [{ name: '/x', startTime: 0, duration: 10, transferSize: 10 }],
      ORIGIN,
    ).get('/x');
    expect(s?.improvement).toBe(0);
  });
});

describe('cache statistics', () => {
  it('counts Cache Storage and the cache: local-storage keys with their expiry', () => {
    const stats = cacheStatistics(
      [
        ['cache:kp', JSON.stringify({ value: 1, expiresAt: 1234 })],
        ['cache:raw', 'not json'],
        ['sidebarCollapsed', 'true'],
      ],
      [
        { name: 'workbox-precache-v2', items: 30, bytes: 2048 },
        { name: 'map-tiles', items: 2, bytes: 1024 },
      ],
    );
    expect(stats).toEqual({
      memoryItems: 32,
      storageItems: 2,
      memorySize: 3072,
      expirationTimes: { 'cache:kp': 1234 },
    });
    expect(formatKB(stats.memorySize)).toBe('3.0 KB');
  });
});

describe('the API status indicator', () => {
  it('reads a check as online, slow, failing or unreachable', () => {
    expect(pingState(true, 200, 40)).toBe('online');
    expect(pingState(true, 200, 2500)).toBe('slow');
    expect(pingState(false, 503, 40)).toBe('failing');
    expect(pingState(false, null, null)).toBe('unreachable');
  });

  it('measures a real answer and reports a network failure in the product’s wording', async () => {
    let t = 1000;
    const ok = await ping(
      '/functions/v1/ping',
      (async () => {
        t += 120;
        return new Response('{"ok":true}', { status: 200 });
      }) as typeof fetch,
      () => t,
    );
    expect(ok).toMatchObject({ state: 'online', latencyMs: 120, status: 200, message: null });

    const down = await ping(
      '/functions/v1/ping',
      (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      () => t,
    );
    expect(down).toMatchObject({ state: 'unreachable', message: 'Network error: Failed to fetch' });

    const bad = await ping(
      '/functions/v1/ping',
      (async () =>
        new Response('', { status: 503, statusText: 'Service Unavailable' })) as typeof fetch,
      () => t,
    );
    expect(bad.message).toBe('API error: 503 Service Unavailable');
    expect(overallState([ok, bad])).toBe('failing');
    expect(overallState([])).toBe('unknown');
  });
});
