import { describe, expect, it } from 'vitest';
import { parseWeatherQuery } from '../../../../../supabase/functions/weather/coordinates.ts';
import {
  ATTRIBUTION,
  type PointAnswer,
} from '../../../../../supabase/functions/weather/handler.ts';
import {
  HOURS_KEPT,
  parseLocationforecast,
} from '../../../../../supabase/functions/weather/parseLocationforecast.ts';
import { createFileReplayLoader } from '../../../../../supabase/functions/weather/replay.ts';
import { BASE, EDINBURGH, fakeUpstream, ok, setup, TROMSO, UA } from './weatherStandIns.ts';

/** The weather function (supabase/functions/weather): its query, and how it asks MET Norway. Validators: weatherValidators.test.ts. */

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
