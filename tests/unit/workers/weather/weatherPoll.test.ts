import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { createWeatherHandler } from '../../../../supabase/functions/weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/weather/replay.ts';
import { WeatherService } from '../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../supabase/functions/weather/upstreamBudget.ts';
import {
  pollWeather,
  WEATHER_FEED,
  weatherProductId,
  type WeatherData,
} from '../../../../workers/weather/pollWeather.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const TROMSO = { lat: 69.65, lon: 18.96 };
const NOW = Date.parse('2027-01-15T16:00:00Z');

/**
 * Our own backend's weather function, in process: MET Norway (the third party) is unreachable, so
 * it answers from its recorded copies (Tromsø's point and 3×3 grid), as on the local stack.
 */
function backend() {
  const service = new WeatherService({
    baseUrl: 'https://metno.invalid',
    fetch: (() => Promise.reject(new TypeError('network down'))) as typeof fetch,
    now: () => NOW,
    userAgent: 'aurora-test/1.0 (+https://aurora.invalid)',
    replay: createFileReplayLoader(),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, () => Date.now()),
  });
  const handler = createWeatherHandler(() => service);
  const urls: string[] = [];
  const sent: Headers[] = [];
  const statuses: number[] = [];
  const ask = async (url: string, init: RequestInit) => {
    urls.push(url);
    sent.push(new Headers(init.headers));
    const res = await handler(new Request(url, init));
    statuses.push(res.status);
    return res;
  };
  return { fetch: ask, urls, sent, statuses };
}

let db: AuroraDatabase | null = null;
afterEach(async () => {
  if (db) await disposeTestDatabase(db);
  db = null;
});

describe('the worker’s cloud forecast for the user’s place', () => {
  it('stores the place’s forecast alone as one product per place rounded to 0.1°, with a weather feed row', async () => {
    db = await openTestDatabase();
    const b = backend();
    const r = await pollWeather(TROMSO, {
      fetch: b.fetch,
      backendBase: 'http://127.0.0.1:8787',
      db,
      now: () => NOW,
    });
    expect(r).toEqual({ outcome: 'updated', error: null });
    expect(b.urls).toEqual([
      'http://127.0.0.1:8787/functions/v1/weather?lat=69.6500&lon=18.9600&radius=0',
    ]);
    const doc = await db.products.findOne(weatherProductId(TROMSO)).exec();
    expect(doc?.id).toBe('weather/69.7_19.0');
    const data = doc!.data as WeatherData;
    expect(data.attribution).toContain('MET Norway');
    // The map's clouds come from the regional layer: MET Norway is asked for the place alone.
    expect(data.grid).toHaveLength(0);
    expect(data.place.hours!.time.length).toBe(data.place.hours!.total.length);
    // The replay is moved to the present (its first hour is the current one, 16:00): the model run
    // moves with it, and the stored point says it is a replay and of what.
    expect(data.place.hours!.time[0]).toBe(NOW);
    expect(doc!.issued).toBe(Date.parse('2027-01-15T15:20:00Z'));
    expect(data.place.replayOf).toEqual({
      updatedAt: Date.parse('2027-01-15T11:20:00Z'),
      shiftMs: 4 * 3_600_000,
    });
    const feed = await readFeedStatus(db, WEATHER_FEED);
    expect(feed).toMatchObject({
      lastSuccess: NOW,
      dataTime: Date.parse('2027-01-15T15:20:00Z'),
      error: null,
      replay: true,
    });
  });

  it('keeps the stored forecast when an answer has the wrong shape, and says why on the feed row', async () => {
    db = await openTestDatabase();
    const b = backend();
    await pollWeather(TROMSO, {
      fetch: b.fetch,
      backendBase: 'http://127.0.0.1:8787',
      db,
      now: () => NOW,
    });
    const before = (await db.products.findOne('weather/69.7_19.0').exec())!.toJSON();
    const broken = () =>
      Promise.resolve(
        new Response(JSON.stringify({ attribution: 'x', place: { lat: 69.7, lon: 19 } }), {
          status: 200,
        }),
      );
    const r = await pollWeather(TROMSO, {
      fetch: broken,
      backendBase: 'http://127.0.0.1:8787',
      db,
      now: () => NOW + 60_000,
    });
    expect(r.outcome).toBe('failed');
    expect(r.error).toBe('weather: no grid in the answer');
    expect((await db.products.findOne('weather/69.7_19.0').exec())!.toJSON()).toEqual(before);
    expect(await readFeedStatus(db, WEATHER_FEED)).toMatchObject({
      lastSuccess: NOW,
      lastAttempt: NOW + 60_000,
      error: 'weather: no grid in the answer',
      state: 'error',
    });
  });

  it('sends the validators it holds and, on a 304, keeps the stored forecast untouched and marks it checked now', async () => {
    db = await openTestDatabase();
    const b = backend();
    const deps = { fetch: b.fetch, backendBase: 'http://127.0.0.1:8787', db };
    await pollWeather(TROMSO, { ...deps, now: () => NOW });
    const before = (await db.products.findOne('weather/69.7_19.0').exec())!.toJSON();
    const held = await readFeedStatus(db, WEATHER_FEED);
    expect(held!.etag).toMatch(/^"wx-[0-9a-f]{32}"$/);
    expect(b.sent[0]!.get('if-none-match')).toBeNull();

    const r = await pollWeather(TROMSO, { ...deps, now: () => NOW + 30 * 60_000 });
    expect(r).toEqual({ outcome: 'unchanged', error: null });
    expect(b.sent[1]!.get('if-none-match')).toBe(held!.etag);
    expect(b.statuses).toEqual([200, 304]);
    expect((await db.products.findOne('weather/69.7_19.0').exec())!.toJSON()).toEqual(before);
    expect(await readFeedStatus(db, WEATHER_FEED)).toMatchObject({
      lastAttempt: NOW + 30 * 60_000,
      lastSuccess: NOW + 30 * 60_000,
      dataTime: held!.dataTime,
      etag: held!.etag,
      lastModified: held!.lastModified,
      error: null,
      state: 'fresh',
      replay: true,
    });
  });
});
