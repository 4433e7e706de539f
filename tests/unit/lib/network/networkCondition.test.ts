import { describe, expect, it } from 'vitest';
import {
  conditionFrom,
  conditionFromPing,
  connectionTypeFrom,
} from '../../../../src/lib/network/condition.ts';
import { pingOnce } from '../../../../src/lib/network/networkMonitor.ts';

describe('network condition', () => {
  it('is offline whenever the browser is offline, whatever the connection says', () => {
    expect(conditionFrom({ online: false, effectiveType: '4g', downlinkMbps: 50 })).toBe('offline');
  });

  it('maps the effective connection type first: 4g excellent, 3g good, 2g fair, slow-2g poor', () => {
    expect(conditionFrom({ online: true, effectiveType: '4g', downlinkMbps: 0.1 })).toBe(
      'excellent',
    );
    expect(conditionFrom({ online: true, effectiveType: '3g' })).toBe('good');
    expect(conditionFrom({ online: true, effectiveType: '2g' })).toBe('fair');
    expect(conditionFrom({ online: true, effectiveType: 'slow-2g' })).toBe('poor');
  });

  it('falls back to downlink with the thresholds over 5, over 2, over 0.5', () => {
    expect(conditionFrom({ online: true, downlinkMbps: 5.1 })).toBe('excellent');
    expect(conditionFrom({ online: true, downlinkMbps: 5 })).toBe('good');
    expect(conditionFrom({ online: true, downlinkMbps: 2.01 })).toBe('good');
    expect(conditionFrom({ online: true, downlinkMbps: 2 })).toBe('fair');
    expect(conditionFrom({ online: true, downlinkMbps: 0.51 })).toBe('fair');
    expect(conditionFrom({ online: true, downlinkMbps: 0.5 })).toBe('poor');
  });

  it('asks for a ping when the browser gives neither a type nor a usable downlink', () => {
    expect(conditionFrom({ online: true })).toBeNull();
    expect(
      conditionFrom({ online: true, effectiveType: 'unknown-type', downlinkMbps: null }),
    ).toBeNull();
    expect(conditionFrom({ online: true, downlinkMbps: 0 })).toBeNull();
  });

  it('grades the ping round trip: under 100 excellent, under 300 good, under 1000 fair, else poor', () => {
    expect(conditionFromPing(99)).toBe('excellent');
    expect(conditionFromPing(100)).toBe('good');
    expect(conditionFromPing(299)).toBe('good');
    expect(conditionFromPing(300)).toBe('fair');
    expect(conditionFromPing(999)).toBe('fair');
    expect(conditionFromPing(1000)).toBe('poor');
  });

  it('calls a failed ping poor rather than pretending to know', () => {
    expect(conditionFromPing(null)).toBe('poor');
    expect(conditionFromPing(Number.NaN)).toBe('poor');
  });

  it('narrows connection types to the five the app names', () => {
    expect(connectionTypeFrom('wifi')).toBe('wifi');
    expect(connectionTypeFrom('ethernet')).toBe('ethernet');
    expect(connectionTypeFrom('wimax')).toBe('cellular');
    expect(connectionTypeFrom('mixed')).toBe('unknown');
    expect(connectionTypeFrom(undefined)).toBe('unknown');
  });
});

describe('the fallback ping', () => {
  it('times the round trip to the configured URL', async () => {
    let clock = 1000;
    const seen: string[] = [];
    const fetch = (async (url: string) => {
      seen.push(url);
      clock += 180;
      return new Response('ok');
    }) as unknown as typeof globalThis.fetch;
    const rtt = await pingOnce({ fetch, now: () => clock, url: '/functions/v1/ping' });
    expect(rtt).toBe(180);
    expect(seen).toEqual(['/functions/v1/ping']);
  });

  it('reports null when the ping fails or the server answers with an error', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const erroring = (async () =>
      new Response('no', { status: 503 })) as unknown as typeof globalThis.fetch;
    expect(await pingOnce({ fetch: failing, now: () => 0, url: '/p' })).toBeNull();
    expect(await pingOnce({ fetch: erroring, now: () => 0, url: '/p' })).toBeNull();
  });
});
