import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import type { Resource } from '../../../../core/model.ts';
import { createPoller, type Poller } from '../../../../workers/poller/createPoller.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import type { Timers } from '../../../../workers/request/timers.ts';
import { COALESCE_MS } from '../../../../workers/request/multiFetch.ts';
import { fakeClock, type FakeClock } from '../../../support/fakeClock.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { QUIET_JUNE, ovationBody } from '../../../fixtures/swpc/ovation.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const MIN = 60_000;
const ONE_MINUTE: readonly Resource[] = ['kp-1m', 'solar-wind', 'magnetic-field'];
const FIVE_MINUTES: readonly Resource[] = ['aurora-oval', 'kp-index'];

const FILE_FOR: Partial<Record<Resource, () => string>> = {
  'kp-index': () => constructed('noaa-planetary-k-index.json'),
  'aurora-oval': () => ovationBody(QUIET_JUNE),
  'solar-wind': () => constructed('plasma-7-day.json'),
  'magnetic-field': () => constructed('mag-7-day.json'),
  'kp-1m': () => constructed('planetary_k_index_1m.json'),
};

/**
 * How long our backend takes to answer each product, in fake time. Each poll ends at its own time
 * and the next is timed from that end, so without a rule that keeps them in step the products
 * drift apart by a second or more per minute and soon each leaves alone.
 */
const LATENCY_MS: Partial<Record<Resource, number>> = {
  'kp-1m': 200,
  'solar-wind': 1_700,
  'magnetic-field': 3_100,
  'aurora-oval': 2_300,
  'kp-index': 400,
};

/** The clock's timers, remembering when each waiting one fires, so the test can jump to the next. */
function trackedTimers(clock: FakeClock): { timers: Timers; nextAt(): number } {
  const waiting = new Map<unknown, number>();
  return {
    timers: {
      setTimeout(fn, ms) {
        const id: unknown = clock.timers.setTimeout(() => {
          waiting.delete(id);
          fn();
        }, ms);
        waiting.set(id, clock.now() + Math.max(0, ms));
        return id;
      },
      clearTimeout(handle) {
        waiting.delete(handle);
        clock.timers.clearTimeout(handle);
      },
    },
    nextAt: () => Math.min(...waiting.values()),
  };
}

/** Our backend as a third party: the constructed SWPC files, 304 when unchanged, each after its latency. */
function backend(clock: FakeClock, timers: Timers) {
  const calls: { resource: Resource; at: number }[] = [];
  const fetch: FetchLike = (url, init) => {
    const name = url.split('?')[0]!.split('/space-weather/')[1] as Resource;
    // `multi` is unknown to this stand-in (404): the poller then asks product by product, so
    // every request, and the time it left, is seen here.
    if (!FILE_FOR[name])
      return Promise.resolve(new Response('not found', { status: 404, statusText: 'Not Found' }));
    calls.push({ resource: name, at: clock.now() });
    const etag = `"${name}-v1"`;
    const unchanged = (init.headers as Record<string, string> | undefined)?.['If-None-Match'];
    return new Promise((resolve) =>
      timers.setTimeout(
        () =>
          resolve(
            unchanged === etag
              ? new Response(null, { status: 304 })
              : new Response(FILE_FOR[name]!(), { status: 200, headers: { etag } }),
          ),
        LATENCY_MS[name] ?? 0,
      ),
    );
  };
  return { fetch, calls };
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 2));
};

let db: AuroraDatabase | undefined;
let poller: Poller | undefined;
afterEach(async () => {
  poller?.stop();
  poller = undefined;
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

describe('polling in step', () => {
  it('keeps the 1-minute products leaving in the same round after an hour, and the 5-minute ones in those rounds', async () => {
    db = await openDatabase({ storage: 'memory', name: `in-step-${process.pid}-${Date.now()}` });
    const clock = fakeClock(NOW);
    const tracked = trackedTimers(clock);
    const up = backend(clock, tracked.timers);
    poller = createPoller({
      fetch: up.fetch,
      backendBase: 'http://backend',
      store: databaseStore(db),
      now: clock.now,
      timers: tracked.timers,
      resources: [...ONE_MINUTE, ...FIVE_MINUTES],
    });
    poller.start();
    // Jump from timer to timer for an hour of fake time; between jumps the real event loop runs the
    // database writes, and requests to our backend wait COALESCE_MS of real time for company.
    let waited = 0;
    while (clock.now() < NOW + 60 * MIN) {
      // An idle poller always has a timer within the minute (the 1-minute products). None: a poll
      // is still storing what it fetched (real time, slow on a busy machine), and a jump to a later
      // timer would skip its rounds; so wait for it (5 s at most, then jump anyway).
      if (tracked.nextAt() > clock.now() + MIN && waited < 5_000) {
        await new Promise((r) => setTimeout(r, 10));
        waited += 10;
        continue;
      }
      waited = 0;
      clock.advanceTo(Math.min(tracked.nextAt(), NOW + 60 * MIN));
      await settle();
      await new Promise((r) => setTimeout(r, COALESCE_MS + 5));
      await settle();
    }

    const lastQuarter = up.calls.filter((c) => c.at >= NOW + 45 * MIN);
    const rounds = new Map<number, Resource[]>();
    for (const c of lastQuarter) {
      // One round's requests leave within the batcher's window (50 ms): group to the second.
      const key = [...rounds.keys()].find((t) => Math.abs(t - c.at) < 1_000) ?? c.at;
      rounds.set(key, [...(rounds.get(key) ?? []), c.resource]);
    }
    // Every minute one round, with the three 1-minute products in it; none asked twice in it.
    expect(rounds.size).toBeGreaterThanOrEqual(14);
    expect(rounds.size).toBeLessThanOrEqual(16);
    for (const [at, products] of rounds) {
      expect(
        new Set(products.filter((r) => ONE_MINUTE.includes(r))),
        `round at ${at - NOW}`,
      ).toEqual(new Set(ONE_MINUTE));
      expect(products.length, `round at ${at - NOW}`).toBe(new Set(products).size);
    }
    // The 5-minute products go with those rounds, each about every five minutes.
    for (const r of FIVE_MINUTES) {
      const n = lastQuarter.filter((c) => c.resource === r).length;
      expect(n, r).toBeGreaterThanOrEqual(3);
      expect(n, r).toBeLessThanOrEqual(4);
    }
  }, 120_000);
});
