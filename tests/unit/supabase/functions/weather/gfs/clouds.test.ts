import { describe, expect, it } from 'vitest';
import { decodeCloudLayer } from '../../../../../../core/clouds/cloudBytes.ts';
import {
  NO_CLOUD_VALUE,
  tileGeometry,
  tilesForView,
} from '../../../../../../core/clouds/cloudTiles.ts';
import { createWeatherHandler } from '../../../../../../supabase/functions/weather/handler.ts';
import { GfsClouds } from '../../../../../../supabase/functions/weather/gfs/gfsClouds.ts';
import { NOMADS_BUDGET } from '../../../../../../supabase/functions/weather/gfs/gfsRequest.ts';
import { readGfsReplay } from '../../../../../../supabase/functions/weather/gfs/replay.ts';
import { WeatherService } from '../../../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../../../supabase/functions/weather/upstreamBudget.ts';
import { concatGrib2, encodeGrib2 } from '../../../../../fixtures/gfs/grib2Encode.ts';
import { fakeClock, type FakeClock } from '../../../../../support/fakeClock.ts';

const HOUR = 3_600_000;
/** 12:20 UTC: the newest run published is 06 UTC (5 h lag), its hours +6 … +54 wanted. */
const START = Date.parse('2027-01-15T12:20:00Z');
const RUN = Date.parse('2027-01-15T06:00:00Z');
const TROMSO_VIEW = { west: 9, south: 66, east: 29, north: 73 };

/** The cloud value the NOMADS stand-in gives a point at a forecast hour (total; decks below it). */
const pattern = (lat: number, lon: number, fh: number) =>
  Math.round(50 + 40 * Math.sin(lat * 0.3 + fh * 0.2) * Math.cos(lon * 0.1));

/** The stand-in's bodies by band, hour and grid step, made once for every test. */
const bodies = new Map<string, Uint8Array>();

interface Asked {
  url: URL;
  at: number;
}

/**
 * NOAA's NOMADS grib filter (a third party) replaced by an injected fetch: for any band and forecast
 * hour it answers the four cloud fields on a 0.5° grid over the band, after 200 ms of the test's
 * clock. `fail` makes every request fail as an unreachable host does.
 */
function nomads(clock: FakeClock, { fail = false, step = 0.5 } = {}) {
  const asked: Asked[] = [];
  const fetchFn = ((input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push({ url, at: clock.now() });
    if (fail) return Promise.reject(new TypeError('getaddrinfo ENOTFOUND nomads.invalid'));
    const fh = Number(/f(\d{3})$/.exec(url.searchParams.get('file')!)![1]);
    const south = Number(url.searchParams.get('bottomlat'));
    const north = Number(url.searchParams.get('toplat'));
    const grid = {
      ni: 360 / step,
      nj: (north - south) / step + 1,
      lat1: north,
      lon1: 0,
      dLat: -step,
      dLon: step,
    };
    const values = (shift: number) => {
      const out: number[] = [];
      for (let j = 0; j < grid.nj; j++)
        for (let i = 0; i < grid.ni; i++) {
          const lon = i * step > 180 ? i * step - 360 : i * step;
          out.push(Math.max(0, Math.min(100, pattern(north - j * step, lon, fh) - shift)));
        }
      return out;
    };
    const field = (parameter: number, levelType: number, shift: number) =>
      encodeGrib2({
        referenceTime: RUN,
        forecastHours: fh,
        category: 6,
        parameter,
        levelType,
        grid,
        values: values(shift),
        packing: 'simple',
      });
    const key = `${south}/${fh}/${step}`;
    let body = bodies.get(key);
    if (!body) {
      body = concatGrib2([
        field(1, 10, 0),
        field(3, 214, 10),
        field(4, 224, 20),
        field(5, 234, 30),
      ]);
      bodies.set(key, body);
    }
    const answer = body;
    return new Promise<Response>((resolve) =>
      clock.timers.setTimeout(() => resolve(new Response(answer as Uint8Array<ArrayBuffer>)), 200),
    );
  }) as typeof fetch;
  return { asked, fetch: fetchFn };
}

function backend(clock: FakeClock, upstream: ReturnType<typeof nomads>, replay = readGfsReplay) {
  const clouds = new GfsClouds({
    baseUrl: 'https://nomads.invalid',
    fetch: upstream.fetch,
    now: clock.now,
    userAgent: 'aurora-test/1.0 (+https://aurora.invalid)',
    budget: new UpstreamBudget(NOMADS_BUDGET, clock.now, clock.timers),
    replay,
    timers: clock.timers,
  });
  const weather = new WeatherService({
    baseUrl: 'https://metno.invalid',
    fetch: () => Promise.reject(new TypeError('not asked here')),
    now: clock.now,
    userAgent: 'aurora-test/1.0',
    replay: () => Promise.resolve(null),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, clock.now, clock.timers),
  });
  const handler = createWeatherHandler(
    () => weather,
    () => clouds,
  );
  return {
    clouds,
    get: (query: string, headers: Record<string, string> = {}) =>
      handler(new Request(`http://localhost/functions/v1/weather/clouds${query}`, { headers })),
  };
}

async function settle(clock: FakeClock, p: Promise<Response>, stepMs = 100): Promise<Response> {
  let out: Response | null = null;
  void p.then((r) => (out = r));
  // Each step yields a real millisecond too: the fill's decoding runs on Node's thread pool, which
  // 20,000 bare setImmediate turns (a fraction of a second) outran on a loaded machine (CI).
  for (let i = 0; i < 20_000 && out === null; i++) {
    await new Promise((r) => setTimeout(r, i % 10 === 9 ? 1 : 0));
    if (out === null) clock.advanceTo(clock.now() + stepMs);
  }
  if (out === null) throw new Error('the weather function never answered');
  return out;
}

/** Lets the backend's fills run on for `ms` of the test's clock. */
async function run(clock: FakeClock, ms: number) {
  const end = clock.now() + ms;
  while (clock.now() < end) {
    await new Promise((r) => setImmediate(r));
    clock.advanceTo(clock.now() + 100);
  }
}

interface CloudsBody {
  source: string;
  run: string;
  hours: number[];
  complete: boolean;
  retryAfter?: number;
  replayOf?: { run: string; shiftMs: number };
  tiles: { key: string; layers: Record<string, string> }[];
}

describe('weather function: the regional cloud layer', () => {
  it('fills a view from GFS one forecast hour per request, current hour first, in 0.5° cells hourly to +48 h', async () => {
    const clock = fakeClock(START);
    const upstream = nomads(clock);
    const { get } = backend(clock, upstream);
    const tiles = tilesForView(TROMSO_VIEW, 0);
    expect(tiles.length).toBeGreaterThan(1);
    const query = `?tiles=${tiles.join(',')}&layers=total,low`;

    const first = await settle(clock, get(query));
    expect(first.status).toBe(200);
    const partial = (await first.json()) as CloudsBody;
    // The first hours are in before the rest: the answer says so and when to come back.
    expect(partial.complete).toBe(false);
    expect(partial.retryAfter).toBeGreaterThan(0);
    expect(partial.hours[0]).toBe(Date.parse('2027-01-15T12:00:00Z'));

    await run(clock, 120_000);
    const res = await settle(clock, get(query));
    const body = (await res.json()) as CloudsBody;
    expect(body.complete).toBe(true);
    expect(body.source).toBe('upstream');
    expect(body.run).toBe('2027-01-15T06:00:00.000Z');
    expect(body.hours).toHaveLength(49);
    expect(body.hours.at(-1)! - body.hours[0]!).toBe(48 * HOUR);
    expect(res.headers.get('cache-control')).toMatch(/max-age=[1-9]/);

    // One band (60–90° N), 49 hours: one request each, in the order of the hours, f006 first.
    expect(upstream.asked).toHaveLength(49);
    expect(upstream.asked[0]!.url.searchParams.get('file')).toBe('gfs.t06z.pgrb2.0p25.f006');
    expect(upstream.asked.at(-1)!.url.searchParams.get('file')).toBe('gfs.t06z.pgrb2.0p25.f054');
    expect(upstream.asked[0]!.url.searchParams.get('dir')).toBe('/gfs.20270115/06/atmos');
    expect(upstream.asked.every((a) => a.url.searchParams.get('bottomlat') === '60')).toBe(true);

    // The cells: the point at each 0.5° cell's south-west corner is the stand-in's value there.
    const key = tiles.find((k) => tileGeometry(k)!.south === 60 && tileGeometry(k)!.west === 10)!;
    const t = tileGeometry(key)!;
    const tile = body.tiles.find((x) => x.key === key)!;
    const total = decodeCloudLayer(tile.layers.total!, 49, t.rows * t.cols)!;
    const h = 3;
    const r = 19;
    const c = 5;
    const cellValue = total[h * t.rows * t.cols + r * t.cols + c]!;
    const lat = t.south + r * 0.5;
    const lon = t.west + c * 0.5;
    // The stand-in's grid is 0.5°: each cell holds one point, its south-west corner (hour 3 = f009).
    expect(cellValue).toBe(Math.max(0, Math.min(100, pattern(lat, lon, 9))));
    expect(decodeCloudLayer(tile.layers.low!, 49, t.rows * t.cols)).not.toBeNull();
  });

  it('answers 304 to the ETag it gave while nothing changed', async () => {
    const clock = fakeClock(START);
    const { get } = backend(clock, nomads(clock));
    const query = `?tiles=${tilesForView(TROMSO_VIEW, 0).join(',')}`;
    await settle(clock, get(query));
    await run(clock, 120_000);
    const full = await settle(clock, get(query));
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"cl-/);
    const again = await settle(clock, get(query, { 'if-none-match': etag }));
    expect(again.status).toBe(304);
  });

  it('keeps NOMADS within its budget: at most 100 requests in any minute, however many bands are asked', async () => {
    const clock = fakeClock(START);
    const upstream = nomads(clock, { step: 2 });
    const { get } = backend(clock, upstream);
    // The whole world at the coarsest level: all six bands at once.
    const tiles = tilesForView({ west: -180, south: -90, east: 180, north: 90 }, 2);
    await settle(clock, get(`?tiles=${tiles.join(',')}`));
    await run(clock, 6 * 60_000);
    const times = upstream.asked.map((a) => a.at).sort((a, b) => a - b);
    expect(times.length).toBeGreaterThan(100);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(100);
  });

  it('serves the constructed GFS replay, moved to the present, when NOMADS cannot be reached', async () => {
    const clock = fakeClock(Date.parse('2027-03-02T09:40:00Z'));
    const upstream = nomads(clock, { fail: true });
    // Read before the clock runs: the test's clock would otherwise outrun the disk.
    const sample = await readGfsReplay();
    expect(sample).not.toBeNull();
    const { get } = backend(clock, upstream, () => Promise.resolve(sample));
    const tiles = tilesForView(TROMSO_VIEW, 0);
    const res = await settle(clock, get(`?tiles=${tiles.join(',')}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    const body = (await res.json()) as CloudsBody;
    expect(body.source).toBe('replay');
    expect(body.hours).toHaveLength(49);
    expect(body.hours[0]).toBe(Date.parse('2027-03-02T09:00:00Z'));
    expect(body.replayOf!.run).toBe('2027-01-15T06:00:00.000Z');
    expect(body.replayOf!.shiftMs).toBe(
      Date.parse('2027-03-02T09:00:00Z') - Date.parse('2027-01-15T12:00:00Z'),
    );
    // Every cell of the view has a value: the sample covers Tromsø's region whole.
    for (const tile of body.tiles) {
      const t = tileGeometry(tile.key)!;
      const total = decodeCloudLayer(tile.layers.total!, 49, t.rows * t.cols)!;
      const inView = (r: number, c: number) => {
        const lat = t.south + (r + 0.5) * 0.5;
        const lon = t.west + (c + 0.5) * 0.5;
        return lat > 66 && lat < 73 && lon > 9 && lon < 29;
      };
      for (let r = 0; r < t.rows; r++)
        for (let c = 0; c < t.cols; c++)
          if (inView(r, c)) expect(total[r * t.cols + c]).not.toBe(NO_CLOUD_VALUE);
    }
    // One attempt, then the back-off: NOMADS is not asked for every hour of a failing run.
    expect(upstream.asked).toHaveLength(1);
  });

  it('refuses an unknown tile or layer with a 400 that says why, before asking upstream', async () => {
    const clock = fakeClock(START);
    const upstream = nomads(clock);
    const { get } = backend(clock, upstream);
    for (const [query, message] of [
      ['', 'tiles is required'],
      ['?tiles=0/99_1', 'no such tile'],
      ['?tiles=0/16_19&layers=fog', 'layers are total, low, medium, high'],
    ] as const) {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    }
    expect(upstream.asked).toHaveLength(0);
  });
});
