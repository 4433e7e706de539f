/**
 * The weather loop follows the place in use every 30 min (workers/weather/weatherLoop.ts). Between
 * two polls it sleeps on one timer: a check every minute woke the worker 29 times in half an hour
 * for nothing (issue 29). Our weather function stands behind it (its replay: MET Norway, the third
 * party, is unreachable here).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { choosePlace, savePlace } from '../../../../sync/places/places.ts';
import { createWeatherHandler } from '../../../../supabase/functions/weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/weather/replay.ts';
import { WeatherService } from '../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  UpstreamBudget,
} from '../../../../supabase/functions/weather/upstreamBudget.ts';
import { startWeatherLoop, type WeatherLoop } from '../../../../workers/weather/weatherLoop.ts';
import type { Timers } from '../../../../workers/request/timers.ts';
import { fakeClock } from '../../../support/fakeClock.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const MIN = 60_000;
const NOW = Date.parse('2027-01-15T16:00:00Z');

let db: AuroraDatabase | null = null;
let loop: WeatherLoop | null = null;
afterEach(async () => {
  loop?.stop();
  loop = null;
  if (db) await disposeTestDatabase(db);
  db = null;
});

describe('the weather loop between polls', () => {
  it('sleeps until the place is due again: one timer in half an hour, then the next poll', async () => {
    db = await openTestDatabase();
    const clock = fakeClock(NOW);
    const service = new WeatherService({
      baseUrl: 'https://metno.invalid',
      fetch: (() => Promise.reject(new TypeError('network down'))) as typeof fetch,
      now: clock.now,
      userAgent: 'aurora-test/1.0 (+https://aurora.invalid)',
      replay: createFileReplayLoader(),
      budget: new UpstreamBudget(MET_NORWAY_BUDGET, () => Date.now()),
    });
    const handler = createWeatherHandler(() => service);
    const asked: number[] = [];
    let fired = 0;
    const armed: number[] = [];
    const timers: Timers = {
      setTimeout: (fn, ms) => {
        armed.push(ms);
        return clock.timers.setTimeout(() => {
          fired++;
          fn();
        }, ms);
      },
      clearTimeout: clock.timers.clearTimeout,
    };
    const place = await savePlace(
      db,
      { name: 'Tromsø', lat: 69.65, lon: 18.96, kind: 'picked' },
      NOW - MIN,
    );
    await choosePlace(db, place.id, NOW - MIN);
    loop = startWeatherLoop({
      db,
      fetch: async (url, init) => {
        if (url.includes('/functions/v1/weather')) asked.push(clock.now());
        return handler(new Request(url, init));
      },
      backendBase: 'http://api.test',
      online: true,
      forcedOffline: false,
      now: clock.now,
      timers,
    });
    await expect.poll(() => asked.length).toBe(1);
    // The first poll finished: the loop sleeps until the place is due again, on one timer.
    await expect.poll(() => armed.at(-1)).toBe(30 * MIN);
    expect(clock.pending).toBe(1);
    const before = fired;
    clock.advanceTo(NOW + 29 * MIN);
    expect(fired - before).toBe(0);
    clock.advanceTo(NOW + 30 * MIN);
    await expect.poll(() => asked.length).toBe(2);
    expect(fired - before).toBe(1);
    expect(asked[1]).toBe(NOW + 30 * MIN);
  });
});
