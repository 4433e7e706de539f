import { describe, expect, it } from 'vitest';
import { createSpaceWeatherHandler } from '../../../../../supabase/functions/space-weather/handler.ts';
import {
  createFileReplayLoader,
  type ReplayLoader,
} from '../../../../../supabase/functions/space-weather/replay.ts';
import { SPACE_WEATHER_RESOURCE_NAMES } from '../../../../../supabase/functions/space-weather/resources.ts';
import { SpaceWeatherService } from '../../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import type { ArchiveBatch } from '../../../../../supabase/functions/space-weather/archive.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

const KP_BODY = constructed('noaa-planetary-k-index.json');
const BASE = 'http://swpc.test';

interface Upstream {
  fetch: typeof fetch;
  calls: { url: string; headers: Headers }[];
}

/** A stand-in for SWPC (a third party across the network): answers with whatever `respond` says. */
function fakeUpstream(
  respond: (req: { url: string; headers: Headers }) => Response | Promise<Response>,
  delayMs = 20,
): Upstream {
  const calls: Upstream['calls'] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), headers: new Headers(init?.headers) };
    calls.push(call);
    await new Promise((r) => setTimeout(r, delayMs));
    return respond(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

function setup(
  upstream: Upstream,
  opts: {
    archive?: (batch: ArchiveBatch) => Promise<void>;
    staleWaitMs?: number;
    replay?: ReplayLoader;
  } = {},
) {
  let now = Date.parse('2026-02-09T15:30:00Z');
  const service = new SpaceWeatherService({
    baseUrl: BASE,
    fetch: upstream.fetch,
    now: () => now,
    validate: validateWithNormalise,
    replay: opts.replay ?? createFileReplayLoader(),
    archive: opts.archive,
    staleWaitMs: opts.staleWaitMs,
  });
  const handler = createSpaceWeatherHandler(() => service);
  const get = (resource: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost/functions/v1/space-weather/${resource}`, { headers }));
  return { service, get, advance: (ms: number) => (now += ms) };
}

const okKp = () =>
  new Response(KP_BODY, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      etag: '"up-1"',
      'last-modified': 'Mon, 09 Feb 2026 15:05:00 GMT',
    },
  });

describe('space-weather function', () => {
  it('makes exactly one upstream fetch for 1,000 concurrent requests to one resource', async () => {
    const upstream = fakeUpstream(okKp, 50);
    const { get, service } = setup(upstream);
    const responses = await Promise.all(Array.from({ length: 1000 }, () => get('kp-index')));
    expect(upstream.calls).toHaveLength(1);
    expect(upstream.calls[0]!.url).toBe(`${BASE}/products/noaa-planetary-k-index.json`);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies)).toEqual(new Set([KP_BODY]));
    expect(service.stats()['kp-index']).toMatchObject({
      upstreamFetches: 1,
      coalesced: 999,
      lastUpstreamStatus: 200,
    });
  });

  it('passes the upstream body through with validators, cadence-based caching and the data time', async () => {
    const { get } = setup(fakeUpstream(okKp));
    const res = await get('kp-index');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('etag')).toMatch(/^"sw-[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toBe('Mon, 09 Feb 2026 15:05:00 GMT');
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=300, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    expect(res.headers.get('x-aurora-data-time')).toBe('2026-02-09T15:00:00.000Z');
    expect(await res.text()).toBe(KP_BODY);
  });

  it('serves from cache within the cadence and revalidates upstream conditionally after it', async () => {
    let upstreamSays: 'body' | 'not-modified' = 'body';
    const upstream = fakeUpstream(() =>
      upstreamSays === 'body' ? okKp() : new Response(null, { status: 304 }),
    );
    const { get, advance, service } = setup(upstream);
    await get('kp-index');
    advance(60_000);
    const cached = await get('kp-index');
    expect(cached.headers.get('x-aurora-source')).toBe('cache');
    expect(cached.headers.get('cache-control')).toContain('max-age=240');
    expect(upstream.calls).toHaveLength(1);

    upstreamSays = 'not-modified';
    advance(5 * 60_000);
    const revalidated = await get('kp-index');
    expect(upstream.calls).toHaveLength(2);
    expect(upstream.calls[1]!.headers.get('if-none-match')).toBe('"up-1"');
    expect(upstream.calls[1]!.headers.get('if-modified-since')).toBe(
      'Mon, 09 Feb 2026 15:05:00 GMT',
    );
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('x-aurora-source')).toBe('upstream');
    expect(await revalidated.text()).toBe(KP_BODY);
    expect(service.stats()['kp-index']).toMatchObject({
      upstreamFetches: 2,
      upstreamNotModified: 1,
      cacheHits: 1,
    });
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since and 200 to a stale one', async () => {
    const { get } = setup(fakeUpstream(okKp));
    const first = await get('kp-index');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;

    const byTag = await get('kp-index', { 'if-none-match': `W/"other", ${etag}` });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');

    expect((await get('kp-index', { 'if-modified-since': lastModified })).status).toBe(304);
    expect(
      (await get('kp-index', { 'if-modified-since': 'Mon, 09 Feb 2026 15:04:59 GMT' })).status,
    ).toBe(200);
    // If-None-Match wins: a mismatching tag means a full answer even with a matching date.
    expect(
      (await get('kp-index', { 'if-none-match': '"old"', 'if-modified-since': lastModified }))
        .status,
    ).toBe(200);
  });

  it('answers from the body it has when revalidation is slow, and takes the new body once it arrives', async () => {
    const newer = KP_BODY.replace('"2.33"', '"3.00"');
    let call = 0;
    const upstream = fakeUpstream(async () => {
      if (call++ === 0) return okKp();
      await new Promise((r) => setTimeout(r, 300));
      return new Response(newer, {
        status: 200,
        headers: { 'content-type': 'application/json', etag: '"up-2"' },
      });
    });
    const { get, advance, service } = setup(upstream, { staleWaitMs: 50 });
    await get('kp-index');
    advance(5 * 60_000);
    // The old body can only come back if the request did not wait for the 300 ms revalidation.
    const stale = await get('kp-index');
    expect(stale.headers.get('x-aurora-source')).toBe('cache');
    expect(stale.headers.get('cache-control')).toContain('max-age=0');
    expect(await stale.text()).toBe(KP_BODY);
    await new Promise((r) => setTimeout(r, 400));
    const fresh = await get('kp-index');
    expect(await fresh.text()).toBe(newer);
    expect(upstream.calls).toHaveLength(2);
    expect(service.stats()['kp-index'].servedStale).toBe(1);
  });

  it('keeps the last good body when upstream sends a truncated file or an HTML error page', async () => {
    const bad = [
      KP_BODY.slice(0, KP_BODY.length / 2),
      '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>',
    ];
    let call = 0;
    const upstream = fakeUpstream(() =>
      call++ === 0 ? okKp() : new Response(bad[call - 2] ?? '', { status: 200 }),
    );
    const { get, advance, service } = setup(upstream);
    const good = await get('kp-index');
    const goodTag = good.headers.get('etag');
    for (let i = 0; i < bad.length; i++) {
      advance(5 * 60_000);
      const res = await get('kp-index');
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(goodTag);
      expect(res.headers.get('x-aurora-source')).toBe('cache');
      expect(await res.text()).toBe(KP_BODY);
    }
    const stats = service.stats()['kp-index'];
    expect(stats.rejectedBodies).toBe(2);
    expect(stats.lastError).toMatch(/^Rejected upstream body: kp-index: /);
  });

  it('replays the shipped constructed file, with its true data time, when upstream is down and nothing is cached', async () => {
    const upstream = fakeUpstream(() => {
      throw new TypeError('fetch failed');
    });
    const { get, service } = setup(upstream);
    const res = await get('kp-index');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(res.headers.get('x-aurora-data-time')).toBe('2026-02-09T15:00:00.000Z');
    expect(res.headers.get('last-modified')).toBe('Mon, 09 Feb 2026 15:00:00 GMT');
    expect(await res.text()).toBe(KP_BODY);
    expect(service.stats()['kp-index']).toMatchObject({
      lastUpstreamStatus: 'network-error',
      replays: 1,
      source: 'replay',
    });
  });

  it('replays its shipped file for every resource, each with its own data time', async () => {
    const { get, advance } = setup(fakeUpstream(() => new Response('down', { status: 503 })));
    // After the newest file (GFZ's constructed Kp, 2026-11-20): normalisers refuse later times.
    advance(Date.parse('2026-11-22T00:00:00Z') - Date.parse('2026-02-09T15:30:00Z'));
    const expected: Record<string, string> = {
      'kp-index': '2026-02-09T15:00:00.000Z',
      'aurora-oval': '2024-03-03T15:07:00.000Z',
      'aurora-nowcast-hemi-power': '2024-03-03T15:15:00.000Z',
      'solar-wind': '2026-01-19T23:07:00.000Z',
      'magnetic-field': '2026-01-19T23:08:00.000Z',
      'three-day-forecast': '2024-12-31T12:30:00.000Z',
      'three-day-geomag-forecast': '2024-09-14T22:05:00.000Z',
      'observed-solar-cycle': '2024-11-01T00:00:00.000Z',
      // A prediction has no observation time: the date listed in REPLAY_DATA_TIME stands in.
      'predicted-solar-cycle': '2023-11-11T00:00:00.000Z',
      'kp-1m': '2026-07-09T10:00:00.000Z',
      'kp-forecast': '2026-02-09T21:00:00.000Z',
      'twenty-seven-day-outlook': '2025-03-24T02:02:00.000Z',
      // The newest of the 8 constructed bulletins.
      alerts: '2026-10-04T11:23:41.163Z',
      // Written by hand to the ICAO template (replay/SOURCES.md): its DTG, ten years back.
      'icao-advisories': '2016-11-08T01:00:00.000Z',
      // Constructed to GFZ's documented format (replay/SOURCES.md): its last 3-hour interval.
      'kp-gfz': '2026-11-20T21:00:00.000Z',
    };
    expect(Object.keys(expected).sort()).toEqual([...SPACE_WEATHER_RESOURCE_NAMES].sort());
    for (const [resource, dataTime] of Object.entries(expected)) {
      const res = await get(resource);
      expect(res.status, resource).toBe(200);
      expect(res.headers.get('x-aurora-source'), resource).toBe('replay');
      expect(res.headers.get('x-aurora-data-time'), resource).toBe(dataTime);
      expect(res.headers.get('last-modified'), resource).toBe(new Date(dataTime).toUTCString());
      await res.arrayBuffer();
    }
  });

  it('replaces a replay with the live body once upstream answers again', async () => {
    let up = false;
    const upstream = fakeUpstream(() => (up ? okKp() : new Response('down', { status: 503 })));
    const { get, advance } = setup(upstream);
    expect((await get('kp-index')).headers.get('x-aurora-source')).toBe('replay');
    up = true;
    advance(60_000);
    expect((await get('kp-index')).headers.get('x-aurora-source')).toBe('replay');
    expect(upstream.calls).toHaveLength(1);
    advance(5 * 60_000);
    const live = await get('kp-index');
    expect(live.headers.get('x-aurora-source')).toBe('upstream');
    expect(live.headers.get('last-modified')).toBe('Mon, 09 Feb 2026 15:05:00 GMT');
  });

  it('says clearly when a product has neither upstream nor a recording', async () => {
    const { get } = setup(
      fakeUpstream(() => new Response('gone', { status: 500 })),
      { replay: async () => null },
    );
    const res = await get('alerts');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe(
      'alerts is unavailable: upstream cannot be reached (Upstream answered 500) and no recorded copy exists',
    );
  });

  it('archives the normalised samples once per new body without delaying the response', async () => {
    const archived: ArchiveBatch[] = [];
    let release!: () => void;
    const slowArchive = (batch: ArchiveBatch) => {
      archived.push(batch);
      return new Promise<void>((r) => (release = r));
    };
    const { get, advance } = setup(fakeUpstream(okKp), { archive: slowArchive });
    expect((await get('kp-index')).status).toBe(200);
    expect(archived).toHaveLength(1);
    const { samples } = archived[0]!;
    expect(samples.map((r) => r.t)).toContain('2026-02-09T15:00:00.000Z');
    expect(samples.every((r) => r.product === 'kp-3h')).toBe(true);
    release();
    advance(5 * 60_000);
    await get('kp-index');
    expect(archived).toHaveLength(1);
  });

  it('answers ping, stats, unknown resources and wrong methods', async () => {
    const { get, service } = setup(fakeUpstream(okKp));
    const ping = (await (await get('ping')).json()) as { ok: boolean; serverTime: string };
    expect(ping.ok).toBe(true);
    expect(Number.isFinite(Date.parse(ping.serverTime))).toBe(true);
    await get('kp-index');
    const stats = (await (await get('stats')).json()) as {
      resources: Record<string, { upstreamFetches: number }>;
    };
    expect(stats.resources['kp-index']!.upstreamFetches).toBe(1);
    expect(Object.keys(stats.resources)).toHaveLength(15);
    expect((await get('nope')).status).toBe(404);
    const post = await createSpaceWeatherHandler(() => service)(
      new Request('http://localhost/functions/v1/space-weather/kp-index', { method: 'POST' }),
    );
    expect(post.status).toBe(405);
  });
});
