/**
 * Issue 29, the worker's share of "wake-ups while nothing changes on screen": the real poller,
 * the real space-weather function over an agency that keeps serving the same files, a real
 * (memory) database and a fake clock. Once the first polls are in, every minute is one round: one
 * exchange with our backend, answered 304, one timer of the poller's own, and nothing else — no
 * write, no change event, no timer of RxDB's (its query, document and change-event timers are
 * `setTimeout`s in a worker, which has no requestIdleCallback). The page's periodic refresh in
 * the middle polls nothing the schedule keeps current.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import type { Resource } from '../../../../core/model.ts';
import { SOURCES } from '../../../../core/products/sources.ts';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import { createPoller, type Poller } from '../../../../workers/poller/createPoller.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import type { Timers } from '../../../../workers/request/timers.ts';
import { fakeClock, type FakeClock } from '../../../support/fakeClock.ts';
import { constructed } from '../../../support/constructedSwpc.ts';
import { KP1M_LAST } from '../../../fixtures/swpc/kp1m.ts';

const MIN = 60_000;
const BASE = 'http://api.test';
/** Two 1-minute products: they share every round. */
const RESOURCES: readonly Resource[] = ['kp-1m', 'magnetic-field'];

/** The agency (a third party): the same files all along. */
function agency(): FetchLike {
  const files = new Map([
    [SOURCES['kp-1m'].swpcPath!, constructed('planetary_k_index_1m.json')],
    [SOURCES['magnetic-field'].swpcPath!, constructed('rtsw_mag_1m.json')],
  ]);
  return async (url) => {
    const body = files.get(url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0]!);
    return body === undefined
      ? new Response('not found', { status: 404, statusText: 'Not Found' })
      : new Response(body, { headers: { 'content-type': 'application/json' } });
  };
}

/** Our space-weather function over it, on the test's clock; every exchange recorded. */
function backend(clock: FakeClock) {
  const service = new SpaceWeatherService({
    baseUrl: 'https://services.swpc.noaa.gov',
    fetch: agency() as unknown as typeof globalThis.fetch,
    now: clock.now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const exchanges: { at: number; url: string; status: number }[] = [];
  let open = 0;
  const fetch: FetchLike = async (url, init) => {
    const at = clock.now();
    open++;
    try {
      const response = await handler(new Request(url, init));
      exchanges.push({ at, url, status: response.status });
      return response;
    } finally {
      open--;
    }
  };
  return { fetch, exchanges, open: () => open };
}

/** The poller's own timers, counted when they fire, and when the next one is due. */
function countedTimers(clock: FakeClock): {
  timers: Timers;
  fired: () => number;
  nextAt(): number;
} {
  let fired = 0;
  const waiting = new Map<unknown, number>();
  return {
    timers: {
      setTimeout(fn, ms) {
        const id: unknown = clock.timers.setTimeout(() => {
          waiting.delete(id);
          fired++;
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
    fired: () => fired,
    nextAt: () => Math.min(...waiting.values()),
  };
}

/**
 * Timers set through the process's `setTimeout` by RxDB or the worker's code that then fire (a
 * timer cleared before its time wakes nobody). The test itself waits with setImmediate.
 */
function realTimersFired(): { fired: string[]; restore(): void } {
  const fired: string[] = [];
  const real = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: (...a: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const where = (new Error().stack ?? '').split('\n').slice(2, 14).join(' <- ');
    const ours = /node_modules\/rxdb|\/workers\/|\/sync\//.test(where);
    return real(
      (...a: unknown[]) => {
        if (ours) fired.push(where.trim());
        fn(...a);
      },
      ms,
      ...args,
    );
  }) as typeof setTimeout);
  return { fired, restore: () => spy.mockRestore() };
}

/**
 * Lets the work a timer started finish: the function answers (in real time: it hashes), then the
 * database's writes. The fake clock does not move meanwhile, so no request times out.
 */
async function settle(open: () => number): Promise<void> {
  for (let i = 0; i < 200 || open() > 0; i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
}

let db: AuroraDatabase | undefined;
let poller: Poller | undefined;
afterEach(async () => {
  poller?.stop();
  poller = undefined;
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

/**
 * A poller on a fake clock over the stand-in backend, started a minute after the newest 1-minute
 * Kp row (the data stays fresh through the quiet minutes); `runUntil` moves the clock from timer
 * to timer, each round's work finishing in between.
 */
async function startPoller(
  name: string,
  opts: {
    onAlarm?: () => void;
    alarmBeforeStart?: number;
    othersRead?: () => Promise<boolean>;
  } = {},
) {
  db = await openDatabase({ storage: 'memory', name: `${name}-${process.pid}-${Date.now()}` });
  const start = KP1M_LAST + MIN;
  const clock = fakeClock(start);
  const up = backend(clock);
  const own = countedTimers(clock);
  poller = createPoller({
    fetch: up.fetch,
    backendBase: BASE,
    store: databaseStore(db),
    now: clock.now,
    timers: own.timers,
    resources: RESOURCES,
    onAlarm: opts.onAlarm,
    othersRead: opts.othersRead,
  });
  const started = poller;
  if (opts.alarmBeforeStart !== undefined) started.setAlarm(opts.alarmBeforeStart);
  started.start();
  await settle(up.open);
  const runUntil = async (until: number) => {
    while (own.nextAt() <= until) {
      clock.advanceTo(own.nextAt());
      await settle(up.open);
    }
    clock.advanceTo(until);
  };
  return { poller: started, start, clock, up, own, runUntil };
}

describe('a quiet hour in the poller', () => {
  it('polls every minute in one exchange answered 304, on one timer of its own, writes nothing, and a periodic refresh adds nothing', async () => {
    const { poller, start, clock, up, own, runUntil } = await startPoller('quiet');
    // Two minutes to get the first answers in and the products into step.
    await runUntil(start + 2 * MIN + 30_000);
    const stored = await Promise.all(RESOURCES.map((r) => readFeedStatus(db!, r)));
    expect(stored.every((row) => row?.lastSuccess != null && row.error === null)).toBe(true);

    // RxDB's own clean-ups the warm-up's queries started (a tick, then an idle wait) run out first.
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 5));
    const events: string[] = [];
    const sub = db!.$.subscribe((e) => events.push(`${e.collectionName}/${e.documentId}`));
    const quietFrom = clock.now();
    const ownBefore = own.fired();
    const real = realTimersFired();
    const QUIET = 10;
    let refreshed: Awaited<ReturnType<Poller['refreshNow']>> | null = null;
    try {
      await runUntil(start + 7 * MIN + 30_000);
      // The page's periodic refresh (every 30 min) comes: the schedule keeps both current.
      refreshed = await poller.refreshNow();
      await settle(up.open);
      await runUntil(start + (2 + QUIET) * MIN + 30_000);
    } finally {
      real.restore();
      sub.unsubscribe();
    }
    const quiet = up.exchanges.filter((x) => x.at > quietFrom);
    // One exchange a minute, both products in it (`multi`), each answered "unchanged".
    expect(quiet).toHaveLength(QUIET);
    expect(quiet.every((x) => x.url.includes('/space-weather/multi') && x.status === 200)).toBe(
      true,
    );
    expect(own.fired() - ownBefore).toBe(QUIET);
    expect(refreshed).toEqual({ failed: 0, reports: [] });
    expect(real.fired).toEqual([]);
    expect(events).toEqual([]);
  });

  it('still polls every product at once when offline mode is left (a refresh of everything), though none is due', async () => {
    const { poller, start, up, runUntil } = await startPoller('quiet-all');
    // The first rounds in, then a moment after a round: nothing is due for most of a minute.
    await runUntil(start + 2 * MIN + 30_000);
    expect(await poller.refreshNow()).toEqual({ failed: 0, reports: [] });
    const all = await poller.refreshNow(undefined, { everything: true });
    await settle(up.open);
    expect(all.failed).toBe(0);
    expect(all.reports.map((r) => r.resource).sort()).toEqual([...RESOURCES].sort());
  });

  it('rings the page clock’s minute with its own rounds: the schedule moves onto the alarm, then one timer a minute serves both', async () => {
    const rings: number[] = [];
    let setNext: (at: number) => void = () => undefined;
    // The page's clock: after each tick it wants the next minute's (src/ui/clock/sharedClock.ts).
    const { poller, start, clock, up, own, runUntil } = await startPoller('quiet-alarm', {
      onAlarm: () => {
        rings.push(clock.now());
        setNext(clock.now() + MIN);
      },
    });
    setNext = (at) => poller.setAlarm(at);
    await runUntil(start + 2 * MIN + 30_000);
    // The rounds leave on the minute; the page wants its ticks 20 s past it, a phase of its own.
    const firstAlarm = start + 3 * MIN + 20_000;
    poller.setAlarm(firstAlarm);
    // One minute to move onto it, then ten counted.
    await runUntil(firstAlarm + MIN - 1);
    const from = clock.now();
    const ownBefore = own.fired();
    await runUntil(from + 10 * MIN);
    const quiet = up.exchanges.filter((x) => x.at > from);
    expect(rings.filter((t) => t > from)).toHaveLength(10);
    expect(quiet).toHaveLength(10);
    // Every round left at a ring, and the poller woke once a minute for both.
    expect(quiet.every((x) => rings.includes(x.at))).toBe(true);
    expect(own.fired() - ownBefore).toBe(10);
  });

  it('polls a product never polled at once, not at the alarm', async () => {
    const { up } = await startPoller('alarm-first', {
      onAlarm: () => undefined,
      alarmBeforeStart: KP1M_LAST + MIN + 20_000,
    });
    expect(up.exchanges.map((x) => x.at)).toEqual([KP1M_LAST + MIN]);
  });

  it('still rings the alarm when it polls nothing (another tab polls), on the one timer', async () => {
    db = await openDatabase({ storage: 'memory', name: `quiet-idle-${process.pid}-${Date.now()}` });
    const clock = fakeClock(KP1M_LAST);
    const own = countedTimers(clock);
    const rings: number[] = [];
    poller = createPoller({
      fetch: () => Promise.reject(new Error('a poller that is not started fetches nothing')),
      backendBase: BASE,
      store: databaseStore(db),
      now: clock.now,
      timers: own.timers,
      resources: RESOURCES,
      onAlarm: () => rings.push(clock.now()),
    });
    poller.setAlarm(KP1M_LAST + 30_000);
    poller.setConditions({ online: false });
    clock.advanceTo(KP1M_LAST + MIN);
    expect(rings).toEqual([KP1M_LAST + 30_000]);
    expect(own.fired()).toBe(1);
    poller.setAlarm(KP1M_LAST + 2 * MIN);
    poller.stop();
    clock.advanceTo(KP1M_LAST + 3 * MIN);
    expect(rings).toHaveLength(1);
  });

  it('writes a round’s feed rows in one change event: their stale, frozen and hourly writes', async () => {
    // One tab: the rows are written when the page's state changes, and hourly (feedRows.ts).
    const { start, clock, up, runUntil } = await startPoller('quiet-rows', {
      othersRead: async () => false,
    });
    await runUntil(start + 2 * MIN + 30_000);
    const bulks: { at: number; ids: string[] }[] = [];
    const sub = db!.eventBulks$.subscribe((b) => {
      if (b.collectionName === 'feeds')
        bulks.push({ at: clock.now(), ids: b.events.map((e) => e.documentId).sort() });
    });
    try {
      // The data stops moving: the rows' states change, then come the hourly check-time writes.
      await runUntil(start + 160 * MIN);
    } finally {
      sub.unsubscribe();
    }
    await settle(up.open);
    // kp-1m's state changes as its data ages come first (stale, then frozen: minutes 15 and 30),
    // then the hourly check-time writes, an hour after the last write. Each write takes the other
    // row's check times along (feedRows.ts `takenAlong`), so the rows' hours stay one. (Before,
    // the state changes wrote kp-1m alone, and the hourly writes came at 61 and 121.)
    const both = [...RESOURCES].sort();
    expect(bulks.map((b) => (b.at - start) / MIN)).toEqual([15, 30, 90, 150]);
    for (const b of bulks) expect(b.ids).toEqual(both);
    // One event a round: never two at one time.
    expect(new Set(bulks.map((b) => b.at)).size).toBe(bulks.length);
  });
});
