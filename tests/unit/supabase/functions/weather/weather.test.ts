import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  answerLastModified,
  WeatherAnswers,
} from '../../../../../supabase/functions/weather/answer.ts';
import { parseWeatherQuery } from '../../../../../supabase/functions/weather/coordinates.ts';
import {
  ATTRIBUTION,
  createWeatherHandler,
  type PointAnswer,
} from '../../../../../supabase/functions/weather/handler.ts';
import {
  HOURS_KEPT,
  parseLocationforecast,
} from '../../../../../supabase/functions/weather/parseLocationforecast.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/weather/replay.ts';
import {
  WeatherService,
  type PointOutcome,
} from '../../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../../supabase/functions/weather/upstreamBudget.ts';

const TROMSO = readFileSync(
  new URL('../../../../fixtures/metno/complete-tromso.json', import.meta.url),
  'utf8',
);
const EDINBURGH = readFileSync(
  new URL('../../../../fixtures/metno/complete-edinburgh-low-cloud.json', import.meta.url),
  'utf8',
);
const BASE = 'https://metno.invalid';
const UA = 'aurora-test/1.0 (+https://aurora.invalid)';

interface Call {
  url: URL;
  headers: Headers;
}

/** A stand-in for MET Norway (a third party across the network), answering with whatever `respond` says. */
function fakeUpstream(respond: (call: Call) => Response | Promise<Response>, delayMs = 10) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: new URL(String(input)), headers: new Headers(init?.headers) };
    calls.push(call);
    await new Promise((r) => setTimeout(r, delayMs));
    return respond(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

function setup(upstream: ReturnType<typeof fakeUpstream>) {
  let now = Date.parse('2027-01-15T13:00:00Z');
  const service = new WeatherService({
    baseUrl: BASE,
    fetch: upstream.fetch,
    now: () => now,
    userAgent: UA,
    replay: createFileReplayLoader(),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, () => Date.now()),
  });
  const handler = createWeatherHandler(() => service);
  const get = (query: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost/functions/v1/weather${query}`, { headers }));
  return { service, get, advance: (ms: number) => (now += ms), now: () => now };
}

const ok = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      expires: 'Fri, 15 Jan 2027 13:30:00 GMT',
      'last-modified': 'Fri, 15 Jan 2027 12:55:00 GMT',
      ...headers,
    },
  });

describe('weather function: the query', () => {
  it.each([
    ['', 'lat is required'],
    ['?lat=69.65', 'lon is required'],
    ['?lat=north&lon=18', 'lat must be a number'],
    ['?lat=91&lon=18', 'lat must be between -90 and 90'],
    ['?lat=60&lon=-181', 'lon must be between -180 and 180'],
    ['?lat=60&lon=10&radius=7', 'radius must be a whole number'],
    ['?lat=60&lon=Infinity', 'lon must be a number'],
  ])(
    'refuses %s with a 400 that says what is wrong, before asking upstream',
    async (query, message) => {
      const upstream = fakeUpstream(() => ok(TROMSO));
      const { get } = setup(upstream);
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(message);
      expect(upstream.calls).toHaveLength(0);
    },
  );

  it('rounds the place to 0.1° and lays the regional grid on a 1° lattice around it', () => {
    const q = parseWeatherQuery('http://x.invalid/weather?lat=69.6489&lon=18.9553');
    if (!q.ok) throw new Error(q.error);
    expect(q.place).toEqual({ lat: 69.6, lon: 19, key: '69.6_19.0' });
    expect(q.grid.map((p) => p.key)).toEqual([
      '69.0_18.0',
      '69.0_19.0',
      '69.0_20.0',
      '70.0_18.0',
      '70.0_19.0',
      '70.0_20.0',
      '71.0_18.0',
      '71.0_19.0',
      '71.0_20.0',
    ]);
  });

  it('wraps grid longitudes across the antimeridian and leaves out latitudes past the pole', () => {
    const q = parseWeatherQuery('http://x.invalid/weather?lat=89.8&lon=179.9&radius=1');
    if (!q.ok) throw new Error(q.error);
    expect(q.grid.map((p) => p.key)).toEqual([
      '89.0_179.0',
      '89.0_180.0',
      '89.0_-179.0',
      '90.0_179.0',
      '90.0_180.0',
      '90.0_-179.0',
    ]);
  });
});

describe('weather function: upstream', () => {
  it('parses cloud cover by layer, hourly, from a locationforecast body', () => {
    const parsed = parseLocationforecast(EDINBURGH);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.forecast.hours.time).toHaveLength(HOURS_KEPT);
    expect(parsed.forecast.hours.time[1]! - parsed.forecast.hours.time[0]!).toBe(3_600_000);
    expect(parsed.forecast.hours.low[0]).toBe(96);
    expect(parsed.forecast.updatedAt).toBe(Date.parse('2027-01-15T11:20:00Z'));
    expect(parseLocationforecast('{"properties":{"timeseries":[]}}')).toEqual({
      ok: false,
      error: 'no timesteps with a time and instant details',
    });
    expect(parseLocationforecast('<html>')).toEqual({ ok: false, error: 'not JSON' });
  });

  it('makes one upstream fetch for 1,000 concurrent requests from nearby places, with the identifying User-Agent', async () => {
    const upstream = fakeUpstream(() => ok(TROMSO), 30);
    const { get } = setup(upstream);
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        get(`?lat=${69.66 + (i % 3) * 0.01}&lon=18.96&radius=0`),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(upstream.calls).toHaveLength(1);
    const call = upstream.calls[0]!;
    expect(`${call.url.origin}${call.url.pathname}`).toBe(
      `${BASE}/weatherapi/locationforecast/2.0/complete`,
    );
    expect(call.url.search).toBe('?lat=69.7&lon=19');
    expect(call.headers.get('user-agent')).toBe(UA);
    const body = (await responses[0]!.json()) as {
      attribution: string;
      place: PointAnswer;
      grid: PointAnswer[];
    };
    expect(body.attribution).toBe(ATTRIBUTION);
    expect(body.place).toMatchObject({
      lat: 69.7,
      lon: 19,
      source: 'upstream',
      updatedAt: '2027-01-15T11:20:00.000Z',
    });
    expect(body.place.hours!.low).toHaveLength(HOURS_KEPT);
    expect(body.grid).toEqual([]);
  });

  it('serves from memory until upstream’s Expires, then asks again with If-Modified-Since and keeps the body on 304', async () => {
    let notModified = false;
    const upstream = fakeUpstream(() =>
      notModified
        ? new Response(null, { status: 304, headers: { expires: 'Fri, 15 Jan 2027 14:30:00 GMT' } })
        : ok(TROMSO),
    );
    const { get, advance } = setup(upstream);
    const first = await get('?lat=69.65&lon=18.96&radius=0');
    expect(first.headers.get('cache-control')).toBe('public, max-age=1800, stale-if-error=86400');
    advance(29 * 60_000);
    const cached = await get('?lat=69.65&lon=18.96&radius=0');
    expect(cached.headers.get('x-aurora-source')).toBe('cache');
    expect(upstream.calls).toHaveLength(1);
    advance(2 * 60_000);
    notModified = true;
    const revalidated = await get('?lat=69.65&lon=18.96&radius=0');
    expect(upstream.calls).toHaveLength(2);
    expect(upstream.calls[1]!.headers.get('if-modified-since')).toBe(
      'Fri, 15 Jan 2027 12:55:00 GMT',
    );
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('x-aurora-source')).toBe('upstream');
    expect(((await revalidated.json()) as { place: PointAnswer }).place.hours!.time).toHaveLength(
      HOURS_KEPT,
    );
  });

  it('keeps the last good forecast when upstream sends a body that is not a forecast', async () => {
    let broken = false;
    const upstream = fakeUpstream(() => (broken ? ok('{"properties":{}}') : ok(TROMSO)));
    const { get, advance, service } = setup(upstream);
    await get('?lat=69.65&lon=18.96&radius=0');
    advance(31 * 60_000);
    broken = true;
    const res = await get('?lat=69.65&lon=18.96&radius=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('cache');
    expect(service.stats()).toMatchObject({
      rejectedBodies: 1,
      lastError: 'Rejected upstream body for 69.7_19.0: no properties.timeseries array',
    });
  });

  it('replays the recorded forecast when upstream is unreachable, and names the points it has nothing for', async () => {
    const upstream = fakeUpstream(() =>
      Promise.reject(new TypeError('getaddrinfo ENOTFOUND metno.invalid')),
    );
    const { get } = setup(upstream);
    const res = await get('?lat=69.65&lon=18.96&radius=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, stale-if-error=86400');
    const body = (await res.json()) as { place: PointAnswer; grid: PointAnswer[] };
    expect(body.place.source).toBe('replay');
    expect(body.grid.map((p) => p.source)).toEqual(Array(9).fill('replay'));
    // Asked at 13:00, the copy (first hour 12:00) is moved one hour on.
    expect(body.place.replayOf).toEqual({
      updatedAt: '2027-01-15T11:20:00.000Z',
      shiftMs: 3_600_000,
    });

    const elsewhere = await get('?lat=-42.88&lon=147.33&radius=0');
    expect(elsewhere.status).toBe(503);
    expect(((await elsewhere.json()) as { error: string }).error).toBe(
      'No cloud forecast for -42.9, 147.3: Upstream unreachable: getaddrinfo ENOTFOUND metno.invalid, and no recorded copy for this point',
    );
  });

  it('moves a replay’s hours and model run together to the present, so its first hour is the current one and it says what it was moved from', async () => {
    const upstream = fakeUpstream(() => Promise.reject(new TypeError('unreachable')));
    const { get, advance } = setup(upstream);
    const before = (await (await get('?lat=69.65&lon=18.96&radius=1')).json()) as {
      place: PointAnswer;
      grid: PointAnswer[];
    };
    // 2027-01-15T13:00Z → 2027-03-02T09:17Z (45 days, 20 h and 17 min later).
    advance((45 * 24 + 20) * 3_600_000 + 17 * 60_000);
    const res = await get('?lat=69.65&lon=18.96&radius=1');
    const after = (await res.json()) as { place: PointAnswer; grid: PointAnswer[] };
    const shiftMs = Date.parse('2027-03-02T09:00:00Z') - Date.parse('2027-01-15T12:00:00Z');
    expect(after.place.hours!.time[0]).toBe(Date.parse('2027-03-02T09:00:00Z'));
    const moved = shiftMs - before.place.replayOf!.shiftMs;
    expect(after.place.hours!.time).toEqual(before.place.hours!.time.map((t) => t + moved));
    // The sky is the file's: only the times moved.
    expect(after.place.hours!.total).toEqual(before.place.hours!.total);
    // The model run moved with the hours: still 40 min before the first hour, as in the file.
    expect(after.place.updatedAt).toBe('2027-03-02T08:20:00.000Z');
    expect(res.headers.get('x-aurora-data-time')).toBe('2027-03-02T08:20:00.000Z');
    expect(after.place.replayOf).toEqual({ updatedAt: '2027-01-15T11:20:00.000Z', shiftMs });
    // Every grid point moved by the same hours, so the regional layer lines up with the place.
    for (const p of after.grid) {
      expect(p.source).toBe('replay');
      expect(p.hours!.time[0]).toBe(Date.parse('2027-03-02T09:00:00Z'));
      expect(p.replayOf!.shiftMs).toBe(shiftMs);
    }
  });

  it('never marks a forecast from upstream as a replay', async () => {
    const { get } = setup(fakeUpstream(() => ok(TROMSO)));
    const body = (await (await get('?lat=69.65&lon=18.96&radius=0')).json()) as {
      place: PointAnswer;
    };
    expect(body.place.source).toBe('upstream');
    expect(body.place.replayOf).toBeUndefined();
    expect(body.place.updatedAt).toBe('2027-01-15T11:20:00.000Z');
  });

  it('waits five minutes after a failure before asking upstream again for that point', async () => {
    let down = true;
    const upstream = fakeUpstream(() =>
      down ? new Response('busy', { status: 503 }) : ok(TROMSO),
    );
    const { get, advance } = setup(upstream);
    await get('?lat=69.65&lon=18.96&radius=0');
    down = false;
    advance(4 * 60_000);
    expect((await get('?lat=69.65&lon=18.96&radius=0')).headers.get('x-aurora-source')).toBe(
      'replay',
    );
    expect(upstream.calls).toHaveLength(1);
    advance(2 * 60_000);
    expect((await get('?lat=69.65&lon=18.96&radius=0')).headers.get('x-aurora-source')).toBe(
      'upstream',
    );
    expect(upstream.calls).toHaveLength(2);
  });

  it('reads a replay only for a well-formed point key, never a path the query could steer', async () => {
    const read: string[] = [];
    const load = createFileReplayLoader(async (relative) => {
      read.push(relative);
      return '{}';
    });
    expect(await load('../../../../etc/passwd')).toBeNull();
    expect(await load('69.7_19.0/../x')).toBeNull();
    expect(await load('69.7_19.0')).toBe('{}');
    expect(read).toEqual(['./replay/69.7_19.0.json']);
  });
});

describe('weather function: validators (issue 12)', () => {
  const Q = '?lat=69.65&lon=18.96&radius=0';

  it('answers a second identical request carrying the ETag with a 304, no body and the same validators and cache headers', async () => {
    const upstream = fakeUpstream(() => ok(TROMSO));
    const { get, advance } = setup(upstream);
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"wx-[0-9a-f]{32}"$/);
    // The newest model run in the answer (Tromsø's 11:20 run).
    expect(first.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 11:20:00 GMT');
    expect(first.headers.get('access-control-expose-headers')).toContain('etag');
    expect(first.headers.get('access-control-expose-headers')).toContain('last-modified');
    await first.arrayBuffer();
    advance(60_000);
    const again = await get(Q, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 11:20:00 GMT');
    expect(again.headers.get('cache-control')).toBe('public, max-age=1740, stale-if-error=86400');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect(upstream.calls).toHaveLength(1);
  });

  it('keeps the ETag across an upstream 304, and answers a changed upstream forecast with a 200 and a new ETag', async () => {
    let answer: 'tromso' | 'not-modified' | 'edinburgh' = 'tromso';
    const upstream = fakeUpstream(() =>
      answer === 'not-modified'
        ? new Response(null, { status: 304, headers: { expires: 'Fri, 15 Jan 2027 14:30:00 GMT' } })
        : ok(answer === 'tromso' ? TROMSO : EDINBURGH),
    );
    const { get, advance } = setup(upstream);
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    advance(31 * 60_000);
    answer = 'not-modified';
    const revalidated = await get(Q, { 'if-none-match': etag });
    expect(upstream.calls).toHaveLength(2);
    expect(revalidated.status).toBe(304);
    advance(61 * 60_000);
    answer = 'edinburgh';
    const changed = await get(Q, { 'if-none-match': etag });
    expect(upstream.calls).toHaveLength(3);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { place: PointAnswer }).place.hours!.low[0]).toBe(96);
    // Edinburgh's run is as old as Tromsø's: Last-Modified still moves on, so a client holding
    // only the date gets the new body too.
    const byDate = await get(Q, { 'if-modified-since': lastModified });
    expect(byDate.status).toBe(200);
    expect(Date.parse(byDate.headers.get('last-modified')!)).toBeGreaterThan(
      Date.parse(lastModified),
    );
  });

  it('matches a weak W/"…" tag (the gateway weakens the ETag of a body it compresses) and any tag of a list', async () => {
    const { get } = setup(fakeUpstream(() => ok(TROMSO)));
    const etag = (await get(Q)).headers.get('etag')!;
    expect((await get(Q, { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await get(Q, { 'if-none-match': `"wx-other", W/${etag}` })).status).toBe(304);
    expect((await get(Q, { 'if-none-match': '"wx-other"' })).status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since, and uses the date only without a tag', async () => {
    const { get } = setup(fakeUpstream(() => ok(TROMSO)));
    const first = await get(Q);
    const etag = first.headers.get('etag')!;
    const later = 'Fri, 15 Jan 2027 12:00:00 GMT';
    const earlier = 'Fri, 15 Jan 2027 11:00:00 GMT';
    const mismatch = await get(Q, { 'if-none-match': '"wx-other"', 'if-modified-since': later });
    expect(mismatch.status).toBe(200);
    expect((await get(Q, { 'if-none-match': etag, 'if-modified-since': earlier })).status).toBe(
      304,
    );
    expect((await get(Q, { 'if-modified-since': later })).status).toBe(304);
    expect(
      (await get(Q, { 'if-modified-since': first.headers.get('last-modified')! })).status,
    ).toBe(304);
    expect((await get(Q, { 'if-modified-since': earlier })).status).toBe(200);
  });

  it('answers HEAD with the same validators and a 304 when they match', async () => {
    const { get, service } = setup(fakeUpstream(() => ok(TROMSO)));
    const handler = createWeatherHandler(() => service);
    const etag = (await get(Q)).headers.get('etag')!;
    const head = await handler(
      new Request(`http://localhost/functions/v1/weather${Q}`, { method: 'HEAD' }),
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    const headMatch = await handler(
      new Request(`http://localhost/functions/v1/weather${Q}`, {
        method: 'HEAD',
        headers: { 'if-none-match': etag },
      }),
    );
    expect(headMatch.status).toBe(304);
  });

  it('gives a replay one ETag for the hour it is moved to, and a new one the next hour', async () => {
    const { get, advance } = setup(fakeUpstream(() => Promise.reject(new TypeError('down'))));
    const first = await get('?lat=69.65&lon=18.96&radius=1');
    const etag = first.headers.get('etag')!;
    advance(20 * 60_000);
    expect((await get('?lat=69.65&lon=18.96&radius=1', { 'if-none-match': etag })).status).toBe(
      304,
    );
    advance(45 * 60_000);
    const nextHour = await get('?lat=69.65&lon=18.96&radius=1', { 'if-none-match': etag });
    expect(nextHour.status).toBe(200);
    expect(nextHour.headers.get('etag')).not.toBe(etag);
    expect(nextHour.headers.get('last-modified')).toBe('Fri, 15 Jan 2027 13:20:00 GMT');
  });

  it('serialises and hashes an answer once per change of its forecasts, not per request', async () => {
    const { service } = setup(fakeUpstream(() => ok(TROMSO)));
    const answers = new WeatherAnswers();
    const servedOf = (o: PointOutcome) => (o.kind === 'served' ? o.served : null);
    const served = [servedOf(await service.get({ lat: 69.7, lon: 19, key: '69.7_19.0' }))];
    let builds = 0;
    const build = () => {
      builds++;
      return { n: 1 };
    };
    const a = await answers.get('69.7_19.0', served, build, 0);
    const b = await answers.get('69.7_19.0', served, build, 0);
    expect(b).toBe(a);
    expect(builds).toBe(1);
    // The same forecast served again from memory (a new ServedForecast, the same forecast object).
    await answers.get(
      '69.7_19.0',
      [servedOf(await service.get({ lat: 69.7, lon: 19, key: '69.7_19.0' }))],
      build,
      0,
    );
    expect(builds).toBe(1);
    await answers.get('69.7_19.0', [null], build, 0);
    expect(builds).toBe(2);
  });

  it('moves Last-Modified past the previous answer’s when a changed answer’s newest run is not later', () => {
    const t = Date.parse('2027-01-15T11:20:00Z');
    expect(answerLastModified([null, t, t - 3_600_000], null, t + 99)).toBe(t);
    expect(answerLastModified([null, null], t, t + 99)).toBeNull();
    expect(answerLastModified([t + 3_600_000], t, t + 99)).toBe(t + 3_600_000);
    expect(answerLastModified([t - 3_600_000], t, t + 7_200_000)).toBe(t + 7_200_000);
    expect(answerLastModified([t], t, t + 10)).toBe(t + 1000);
  });
});
