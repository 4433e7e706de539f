import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';
import { constructed } from '../../support/constructedSwpc.ts';

const fixture = (name: string) => constructed(name);
const KP = fixture('noaa-planetary-k-index.json');
const KP_FORECAST = fixture('noaa-planetary-k-index-forecast.json');

let stack: TestStack;
let upstream: TestUpstream;
const get = (resource: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/functions/v1/space-weather/${resource}`, {
    headers: { apikey: stack.anonKey, ...headers },
  });

beforeAll(async () => {
  upstream = await startTestUpstream();
  upstream.set('products/noaa-planetary-k-index.json', KP);
  upstream.set('products/noaa-planetary-k-index-forecast.json', 'drop');
  stack = await startTestStack({ functionEnv: { SWPC_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
});

describe('space-weather through the local gateway', () => {
  it('makes exactly one upstream fetch for 1,000 concurrent client requests', async () => {
    const responses = await Promise.all(Array.from({ length: 1000 }, () => get('kp-index')));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array(1000).fill(200));
    expect(new Set(bodies)).toEqual(new Set([KP]));
    expect(upstream.count('products/noaa-planetary-k-index.json')).toBe(1);
  });

  it('returns 304 to a client whose copy is unchanged', async () => {
    const first = await get('kp-index');
    await first.text();
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=300/,
    );
    const again = await get('kp-index', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-aurora-data-time')).toBe('2026-02-09T15:00:00.000Z');
    const byDate = await get('kp-index', {
      'if-modified-since': first.headers.get('last-modified')!,
    });
    expect(byDate.status).toBe(304);
  });

  it('answers a cached resource with its validators, caching rules and CORS, each header once', async () => {
    // Uncompressed, so the length and the strong validator are the stored body's (compression: spaceWeatherCompression.test.ts).
    const res = await get('kp-index', { 'accept-encoding': 'identity' });
    expect(await res.text()).toBe(KP);
    expect(res.headers.get('x-aurora-source')).toBe('cache');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(KP)));
    expect(res.headers.get('etag')).toMatch(/^"sw-[0-9a-f]{32}"$/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // fetch joins repeated headers with ", ": a single "*" means the origin was sent once.
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-aurora-data-time');
    const head = await fetch(`${stack.url}/functions/v1/space-weather/kp-index`, {
      method: 'HEAD',
      headers: { apikey: stack.anonKey },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('replays the shipped constructed file when upstream cannot be reached', async () => {
    const res = await get('kp-forecast');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(await res.text()).toBe(KP_FORECAST);
    expect(Date.parse(res.headers.get('last-modified')!)).toBeLessThan(
      Date.parse('2026-02-13T00:00:00Z'),
    );
  });

  it('reports per-resource counters on space-weather/stats and answers ping', async () => {
    const stats = (await (await get('stats')).json()) as {
      resources: Record<
        string,
        {
          upstreamFetches: number;
          cacheHits: number;
          coalesced: number;
          lastUpstreamStatus: unknown;
          dataAgeMs: number | null;
        }
      >;
    };
    const kp = stats.resources['kp-index']!;
    expect(kp.upstreamFetches).toBe(1);
    expect(kp.coalesced + kp.cacheHits).toBeGreaterThanOrEqual(1002);
    expect(kp.lastUpstreamStatus).toBe(200);
    expect(kp.dataAgeMs).toBeGreaterThan(0);
    expect(stats.resources['kp-forecast']!.lastUpstreamStatus).toBe('network-error');
    for (const path of ['space-weather/ping', 'ping']) {
      const ping = (await (
        await fetch(`${stack.url}/functions/v1/${path}`, { headers: { apikey: stack.anonKey } })
      ).json()) as { ok: boolean; serverTime: string };
      expect(ping.ok).toBe(true);
      expect(Math.abs(Date.parse(ping.serverTime) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('archives the normalised samples in space_weather_samples, readable by anyone, written by no client', async () => {
    let rows: { t: Date }[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await stack.sql<{ t: Date }>(
        "select t from space_weather_samples where product = 'kp-3h' order by t",
      );
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows.map((r) => r.t.toISOString())).toContain('2026-02-09T15:00:00.000Z');
    const viaRest = await fetch(
      `${stack.url}/rest/v1/space_weather_samples?select=t,v&product=eq.kp-3h&limit=1`,
      {
        headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
      },
    );
    expect(viaRest.status).toBe(200);
    expect(((await viaRest.json()) as unknown[]).length).toBe(1);
    for (const [table, row] of [
      ['space_weather_samples', { product: 'kp-3h', t: '2026-02-09T18:00:00Z', v: { kp: 9 } }],
      ['space_weather_archive', { resource: 'kp-index', chunk_id: 'forged', payload: {} }],
    ] as const) {
      const write = await fetch(`${stack.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(row),
      });
      expect(write.status, table).toBeGreaterThanOrEqual(400);
    }
  });
});
