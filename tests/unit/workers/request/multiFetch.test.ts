/**
 * Requests to our space-weather function that leave together go as one exchange
 * (workers/request/multiFetch.ts ↔ supabase/functions/space-weather/multiAnswer.ts), and each
 * caller gets back what it would have had alone. Against the real function over constructed SWPC files.
 */
import { describe, expect, it, vi } from 'vitest';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import { createMultiFetch } from '../../../../workers/request/multiFetch.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const BASE = 'http://api.test';
const SW = `${BASE}/functions/v1/space-weather`;

function backend() {
  const files: Record<string, string> = {
    'json/rtsw/rtsw_mag_1m.json': constructed('rtsw_mag_1m.json'),
    'json/planetary_k_index_1m.json': constructed('planetary_k_index_1m.json'),
    'products/alerts.json': constructed('alerts.json'),
  };
  const service = new SpaceWeatherService({
    baseUrl: 'https://swpc.test',
    // A stand-in for SWPC (third party).
    fetch: (async (input: RequestInfo | URL) => {
      const body = files[String(input).replace('https://swpc.test/', '')];
      return body
        ? new Response(body, { headers: { 'content-type': 'application/json' } })
        : new Response('not found', { status: 404 });
    }) as typeof globalThis.fetch,
    now: () => Date.parse('2026-10-04T12:00:00Z'),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const calls: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push(url);
    return handler(new Request(url, init));
  };
  return { fetch, calls };
}

async function view(r: Response) {
  return {
    status: r.status,
    etag: r.headers.get('etag'),
    form: r.headers.get('x-aurora-form'),
    lastModified: r.headers.get('last-modified'),
    body: r.status === 200 ? await r.text() : null,
  };
}

describe('one exchange for requests that leave together', () => {
  it('sends them as one multi request and answers each as the function answers it alone', async () => {
    const { fetch, calls } = backend();
    // What each request gets alone (these also fill the function's cache).
    const alone = {
      mag: await view(await fetch(`${SW}/magnetic-field?format=compact&since=1713990000000`, {})),
      kp: await view(await fetch(`${SW}/kp-1m?format=compact`, {})),
      alerts: await view(await fetch(`${SW}/alerts`, {})),
    };
    calls.length = 0;
    const multi = createMultiFetch(fetch, BASE);
    const [mag, kp, alerts, alertsAgain] = await Promise.all([
      multi(`${SW}/magnetic-field?format=compact&since=1713990000000`, {}),
      multi(`${SW}/kp-1m?format=compact`, {}),
      multi(`${SW}/alerts`, { headers: { 'If-None-Match': 'W/"nothing-of-ours"' } }),
      // The version the caller holds stands in for If-None-Match: unchanged → 304.
      createMultiFetch(fetch, BASE)(`${SW}/alerts`, {
        headers: { 'If-None-Match': alone.alerts.etag! },
      }),
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toBe(`${SW}/multi?magnetic-field=1713990000000.&kp-1m=.&alerts=.`);
    expect(await view(mag)).toEqual(alone.mag);
    expect(await view(kp)).toEqual(alone.kp);
    expect(await view(alerts)).toEqual(alone.alerts);
    expect(alone.mag.form).toBe('rows');
    // A lone request goes out as it is, with its own header.
    expect(calls[1]).toBe(`${SW}/alerts`);
    expect(alertsAgain.status).toBe(304);
  });

  it('answers 304 per product inside a multi answer when the version held is current', async () => {
    const { fetch, calls } = backend();
    const first = await fetch(`${SW}/kp-1m?format=compact`, {});
    const alertsFirst = await fetch(`${SW}/alerts`, {});
    calls.length = 0;
    const multi = createMultiFetch(fetch, BASE);
    const [kp, alerts] = await Promise.all([
      multi(`${SW}/kp-1m?format=compact&since=1`, {
        headers: { 'If-None-Match': first.headers.get('etag')! },
      }),
      multi(`${SW}/alerts`, { headers: { 'If-None-Match': alertsFirst.headers.get('etag')! } }),
    ]);
    expect(calls).toHaveLength(1);
    // The first 16 hex digits of each version held: 64 bits, and 16 bytes fewer a product.
    expect(calls[0]).toMatch(/\/multi\?kp-1m=1\.[0-9a-f]{16}&alerts=\.[0-9a-f]{16}$/);
    expect([kp.status, alerts.status]).toEqual([304, 304]);
    const alone = await fetch(`${SW}/kp-1m?format=compact&since=1`, {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(alone.status).toBe(304);
    expect(kp.headers.get('etag')).toBe(alone.headers.get('etag'));
  });

  it('matches a version held by its whole hash or a prefix of 16 digits or more, and nothing shorter or different', async () => {
    const { fetch } = backend();
    const first = await fetch(`${SW}/alerts`, {});
    const hash = /"sw-([0-9a-f]+)"/.exec(first.headers.get('etag')!)![1]!;
    const statusFor = async (version: string) => {
      const answer = (await (await fetch(`${SW}/multi?alerts=.${version}`, {})).json()) as {
        items: { status: number }[];
      };
      return answer.items[0]!.status;
    };
    const other = (hash.startsWith('0') ? '1' : '0') + hash.slice(1, 16);
    expect(await statusFor(hash)).toBe(304);
    expect(await statusFor(hash.slice(0, 16))).toBe(304);
    expect(await statusFor(hash.slice(0, 15))).toBe(200);
    expect(await statusFor(other)).toBe(200);
    expect(await statusFor('')).toBe(200);
  });

  it('asks product by product from then on when the backend does not know multi', async () => {
    const calls: string[] = [];
    const old: FetchLike = async (url) => {
      calls.push(url);
      return url.includes('/multi?')
        ? new Response('{"error":"Unknown resource"}', { status: 404 })
        : new Response('[]', { headers: { 'content-type': 'application/json' } });
    };
    const multi = createMultiFetch(old, BASE);
    const first = await Promise.all([multi(`${SW}/kp-1m`, {}), multi(`${SW}/alerts`, {})]);
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all([multi(`${SW}/kp-1m`, {}), multi(`${SW}/alerts`, {})]);
    expect(calls).toEqual([
      `${SW}/multi?kp-1m=.&alerts=.`,
      `${SW}/kp-1m`,
      `${SW}/alerts`,
      `${SW}/kp-1m`,
      `${SW}/alerts`,
    ]);
  });

  it('takes an answer that is not a multi answer (a fallback page) as a backend without multi', async () => {
    const calls: string[] = [];
    const spa: FetchLike = async (url) => {
      calls.push(url);
      return url.includes('/multi?')
        ? new Response('<!doctype html><title>Aurora</title>', { status: 200 })
        : new Response('[]', { headers: { 'content-type': 'application/json' } });
    };
    const multi = createMultiFetch(spa, BASE);
    const answers = await Promise.all([multi(`${SW}/kp-1m`, {}), multi(`${SW}/alerts`, {})]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['[]', '[]']);
    expect(calls).toEqual([`${SW}/multi?kp-1m=.&alerts=.`, `${SW}/kp-1m`, `${SW}/alerts`]);
  });

  it('fails each caller the way the one request failed, so each retries or falls back on its own', async () => {
    const down: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const multi = createMultiFetch(down, BASE);
    const results = await Promise.allSettled([multi(`${SW}/kp-1m`, {}), multi(`${SW}/alerts`, {})]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const gateway: FetchLike = async () => new Response('bad gateway', { status: 502 });
    const statuses = await Promise.all(
      [`${SW}/kp-1m`, `${SW}/alerts`].map((u) => createMultiFetch(gateway, BASE)(u, {})),
    );
    expect(statuses.map((r) => r.status)).toEqual([502, 502]);
  });

  it('sends a round the moment its last product asks, with no timer to wait for', async () => {
    const { fetch, calls } = backend();
    const multi = createMultiFetch(fetch, BASE);
    vi.useFakeTimers();
    try {
      multi.expect(['kp-1m', 'magnetic-field', 'alerts']);
      const kp = multi(`${SW}/kp-1m?format=compact`, {});
      const mag = multi(`${SW}/magnetic-field?format=compact&since=1713990000000`, {});
      await Promise.resolve();
      expect(calls).toEqual([]);
      // The alerts' poll ends without asking (it failed before its request, say): no one waits for it.
      multi.release('alerts');
      const answers = await Promise.all([kp, mag]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(calls).toEqual([`${SW}/multi?kp-1m=.&magnetic-field=1713990000000.`]);
      // Nothing was left waiting on a timer (the window's was cleared unfired).
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves alone what is not a GET of a space-weather product', async () => {
    const { fetch, calls } = backend();
    const multi = createMultiFetch(fetch, BASE);
    await Promise.all([
      multi(`${SW}/kp-1m`, { method: 'HEAD' }),
      multi(`${BASE}/functions/v1/sdo-image/0193`, { method: 'HEAD' }).catch(() => null),
      multi('https://services.swpc.noaa.gov/json/planetary_k_index_1m.json', {}).catch(() => null),
    ]);
    expect(calls.some((c) => c.includes('/multi?'))).toBe(false);
  });
});
