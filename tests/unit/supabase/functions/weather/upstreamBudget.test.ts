import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWeatherHandler } from '../../../../../supabase/functions/weather/handler.ts';
import { WeatherService } from '../../../../../supabase/functions/weather/service.ts';
import {
  MET_NORWAY_BUDGET,
  takeToken,
  UpstreamBudget,
  type Bucket,
} from '../../../../../supabase/functions/weather/upstreamBudget.ts';
import { fakeClock, type FakeClock } from '../../../../support/fakeClock.ts';

const TROMSO = readFileSync(
  new URL('../../../../fixtures/metno/complete-tromso.json', import.meta.url),
  'utf8',
);
const START = Date.parse('2027-01-15T13:00:00Z');

/** The most requests made in any window of one second, from their sorted times. */
function busiestSecond(times: readonly number[]): number {
  const t = [...times].sort((a, b) => a - b);
  let most = 0;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/**
 * The weather function with MET Norway (a third party) replaced by an injected fetch that answers
 * every point after 50 ms of the test's clock, which drives the budget and the service alike.
 */
function stack(clock: FakeClock, maxPoints?: number) {
  const fetchedAt: number[] = [];
  const fetchFn = ((_input: RequestInfo | URL) => {
    fetchedAt.push(clock.now());
    return new Promise<Response>((resolve) =>
      clock.timers.setTimeout(
        () =>
          resolve(
            new Response(TROMSO, {
              headers: {
                expires: new Date(clock.now() + 30 * 60_000).toUTCString(),
                'last-modified': new Date(clock.now()).toUTCString(),
              },
            }),
          ),
        50,
      ),
    );
  }) as typeof fetch;
  const service = new WeatherService({
    baseUrl: 'https://metno.invalid',
    fetch: fetchFn,
    now: clock.now,
    userAgent: 'aurora-test/1.0 (+https://aurora.invalid)',
    replay: () => Promise.resolve(null),
    budget: new UpstreamBudget(MET_NORWAY_BUDGET, clock.now, clock.timers),
    maxPoints,
  });
  const handler = createWeatherHandler(() => service);
  const get = (query: string) =>
    handler(new Request(`http://localhost/functions/v1/weather${query}`));
  return { fetchedAt, get, service };
}

/** Runs the clock forward in 10 ms steps, letting promises settle between steps, until `done`. */
async function runUntil(clock: FakeClock, done: () => boolean, limitMs = 120_000): Promise<void> {
  const end = clock.now() + limitMs;
  while (!done() && clock.now() < end) {
    await new Promise((r) => setImmediate(r));
    clock.advanceTo(clock.now() + 10);
  }
  await new Promise((r) => setImmediate(r));
}

/** 600 places, every one in a 0.1° cell and a 1° lattice of its own. */
const PLACES = Array.from({ length: 600 }, (_, i) => ({
  lat: 40 + (i % 30) * 1.37,
  lon: -170 + Math.floor(i / 30) * 3.1 + (i % 7) * 0.13,
}));

describe('weather function: the upstream budget', () => {
  it('never lets more than 24 requests leave in any second, whatever the arrival pattern', () => {
    let bucket: Bucket | undefined;
    const sent: number[] = [];
    // Bursts and trickles: 5,000 callers at irregular times over ~40 s.
    let t = START;
    for (let i = 0; i < 5000; i++) {
      t += i % 97 === 0 ? 900 : i % 5;
      const r = takeToken(MET_NORWAY_BUDGET, bucket, t);
      bucket = r.bucket;
      if (r.ok) sent.push(t);
    }
    expect(sent.length).toBeGreaterThan(100);
    expect(busiestSecond(sent)).toBeLessThan(25);
  });

  it('keeps MET Norway under 25 requests a second for 600 places asked at once, and answers the rest 503 with Retry-After', async () => {
    const clock = fakeClock(START);
    const { fetchedAt, get } = stack(clock);
    const results: Response[] = [];
    const pending = PLACES.map((p) =>
      get(`?lat=${p.lat.toFixed(4)}&lon=${p.lon.toFixed(4)}&radius=2`).then((r) => {
        results.push(r);
        return r;
      }),
    );
    await runUntil(clock, () => results.length === PLACES.length);
    expect(results).toHaveLength(PLACES.length);
    await Promise.all(pending);

    // Today's code asked for every place and its 5×5 grid at once: 600 × 26 requests.
    expect(busiestSecond(fetchedAt)).toBeLessThan(25);
    const elapsed = Math.max(...fetchedAt) - START;
    expect(fetchedAt.length).toBeLessThanOrEqual(4 + Math.ceil((elapsed / 1000) * 20));
    expect(fetchedAt.length).toBeLessThan(100);

    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 503);
    expect(served.length + refused.length).toBe(PLACES.length);
    // Queued answers: more places than the burst got theirs by waiting in line.
    expect(served.length).toBeGreaterThan(MET_NORWAY_BUDGET.capacity);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await r.json()) as { error: string }).error).toMatch(/try again in \d+ s/);
    }
  });

  it('serves a refused place once it comes back after its Retry-After', async () => {
    const clock = fakeClock(START);
    const { get } = stack(clock);
    const first: Response[] = [];
    PLACES.slice(0, 200).forEach(
      (p) => void get(`?lat=${p.lat}&lon=${p.lon}&radius=0`).then((r) => first.push(r)),
    );
    await runUntil(clock, () => first.length === 200);
    const refused = first.find((r) => r.status === 503)!;
    expect(refused).toBeDefined();
    const wait = Number(refused.headers.get('retry-after')) * 1000;
    clock.advanceTo(clock.now() + wait);
    const last = PLACES[199]!;
    let again: Response | null = null;
    void get(`?lat=${last.lat}&lon=${last.lon}&radius=0`).then((r) => (again = r));
    await runUntil(clock, () => again !== null);
    expect(again!.status).toBe(200);
  });

  it('forgets the least recently asked points past its bound, and says so in /weather/stats', async () => {
    const clock = fakeClock(START);
    const { get } = stack(clock, 50);
    let done = 0;
    // One place at a time, as a trickle the budget never refuses.
    for (const p of PLACES.slice(0, 120)) {
      void get(`?lat=${p.lat}&lon=${p.lon}&radius=0`).then(() => done++);
      clock.advanceTo(clock.now() + 60);
      await new Promise((r) => setImmediate(r));
    }
    await runUntil(clock, () => done === 120);
    const stats = (await (await get('/stats')).json()) as {
      points: number;
      maxPoints: number;
      evicted: number;
      upstreamFetches: number;
    };
    expect(stats.upstreamFetches).toBe(120);
    expect(stats.maxPoints).toBe(50);
    expect(stats.points).toBeLessThanOrEqual(50);
    expect(stats.evicted).toBe(70);
    // The newest points are the ones kept: asked again, they come from memory.
    const newest = PLACES[119]!;
    let again: Response | null = null;
    void get(`?lat=${newest.lat}&lon=${newest.lon}&radius=0`).then((r) => (again = r));
    await runUntil(clock, () => again !== null);
    expect(again!.headers.get('x-aurora-source')).toBe('cache');
  });
});
