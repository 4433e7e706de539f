import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { writeGrid, writeSeries } from '../../../../sync/write.ts';
import { createPoller, type RetentionReport } from '../../../../workers/poller/createPoller.ts';
import { databaseStore, type PollerStore } from '../../../../workers/poller/store.ts';
import {
  nextRetentionAt,
  RETENTION_FIRST_DELAY_MS,
  RETENTION_INTERVAL_MS,
} from '../../../../workers/schedule.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { fakeClock } from '../../../support/fakeClock.ts';
import { constructed } from '../../../support/constructedSwpc.ts';
import { SOURCES } from '../../../../core/products/sources.ts';

const T0 = Date.UTC(2026, 1, 20, 12);
const SEC = 1_000;
const MIN = 60 * SEC;
const DAY = 86_400_000;

let db: AuroraDatabase | undefined;
let n = 0;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});
async function openDb(): Promise<AuroraDatabase> {
  db = await openDatabase({
    storage: 'memory',
    name: `retention-schedule-${process.pid}-${Date.now()}-${++n}`,
  });
  return db;
}

/** The real store, with every applyRetention call recorded (and optionally held until released). */
function recordingStore(database: AuroraDatabase) {
  const real = databaseStore(database);
  const calls: number[] = [];
  let hold: Promise<void> | null = null;
  const store: PollerStore = {
    ...real,
    async applyRetention(now) {
      calls.push(now);
      if (hold) await hold;
      return real.applyRetention(now);
    },
  };
  return {
    store,
    calls,
    holdRuns() {
      let release = () => {};
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const noNetwork: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));

function reports() {
  const list: RetentionReport[] = [];
  let wake: (() => void) | null = null;
  return {
    list,
    onRetention(r: RetentionReport) {
      list.push(r);
      wake?.();
    },
    /** Resolves once `count` runs have finished. */
    async until(count: number) {
      while (list.length < count) await new Promise<void>((r) => (wake = r));
    },
  };
}

describe('when retention runs', () => {
  it('first runs shortly after start, then hourly', () => {
    expect(nextRetentionAt({ startedAt: T0, lastRun: null })).toBe(T0 + RETENTION_FIRST_DELAY_MS);
    expect(nextRetentionAt({ startedAt: T0, lastRun: T0 + 40 * SEC })).toBe(
      T0 + 40 * SEC + RETENTION_INTERVAL_MS,
    );
    expect(RETENTION_FIRST_DELAY_MS).toBeLessThanOrEqual(MIN);
    expect(RETENTION_INTERVAL_MS).toBe(60 * MIN);
  });

  it('wakes the worker once per run, not every minute in between', async () => {
    const database = await openDb();
    const clock = fakeClock(T0);
    let fired = 0;
    const counting = {
      setTimeout: (fn: () => void, ms: number) =>
        clock.timers.setTimeout(() => {
          fired++;
          fn();
        }, ms),
      clearTimeout: clock.timers.clearTimeout,
    };
    const runs = reports();
    const poller = createPoller({
      fetch: noNetwork,
      backendBase: null,
      store: databaseStore(database),
      now: clock.now,
      timers: counting,
      resources: [],
      onRetention: runs.onRetention,
    });
    poller.start();
    clock.advanceTo(T0 + RETENTION_FIRST_DELAY_MS);
    await runs.until(1);
    const before = fired;
    clock.advanceTo(T0 + RETENTION_FIRST_DELAY_MS + RETENTION_INTERVAL_MS);
    await runs.until(2);
    expect(fired - before).toBe(1);
    poller.stop();
  });
});

describe('the poller applies retention on its schedule', () => {
  it('calls applyRetention after start and then every interval, deleting what is too old', async () => {
    const database = await openDb();
    const clock = fakeClock(T0);
    const rec = recordingStore(database);
    const runs = reports();
    // Stored before start: a series day 40 days old and two old grids, only the newer of which stays.
    const oldDay = T0 - 40 * DAY;
    await writeSeries(
      database,
      { product: 'kp-1m', t: [oldDay], fields: { kp: [3] }, source: null },
      { fetchedAt: oldDay },
    );
    await writeSeries(
      database,
      { product: 'kp-1m', t: [T0 - DAY], fields: { kp: [2] }, source: null },
      { fetchedAt: T0 },
    );
    // The only day of hemispheric power, as old: the last known value stays.
    await writeSeries(
      database,
      { product: 'hemi-power', t: [oldDay], fields: { north: [20], south: [18] }, source: null },
      { fetchedAt: oldDay },
    );
    const grid = new Uint8Array(360 * 181);
    for (const obs of [T0 - 3 * DAY, T0 - 2 * DAY]) {
      await writeGrid(
        database,
        { observationTime: obs, forecastTime: obs, width: 360, height: 181, values: grid },
        { fetchedAt: obs },
      );
    }
    const poller = createPoller({
      fetch: noNetwork,
      backendBase: null,
      store: rec.store,
      now: clock.now,
      timers: clock.timers,
      resources: [],
      onRetention: runs.onRetention,
    });
    poller.start();

    clock.advanceTo(T0 + RETENTION_FIRST_DELAY_MS - 1);
    expect(rec.calls).toEqual([]);
    clock.advanceTo(T0 + RETENTION_FIRST_DELAY_MS);
    await runs.until(1);
    expect(rec.calls).toEqual([T0 + RETENTION_FIRST_DELAY_MS]);
    expect(runs.list[0]).toMatchObject({
      error: null,
      plan: {
        series: [`kp-1m/${new Date(oldDay).toISOString().slice(0, 10)}`],
        grids: [`ovation/${T0 - 3 * DAY}`],
      },
    });
    expect((await database.series.find().exec()).map((d) => d.id).sort()).toEqual([
      `hemi-power/${new Date(oldDay).toISOString().slice(0, 10)}`,
      `kp-1m/${new Date(T0 - DAY).toISOString().slice(0, 10)}`,
    ]);
    expect((await database.grids.find().exec()).map((g) => g.observationTime)).toEqual([
      T0 - 2 * DAY,
    ]);

    const second = T0 + RETENTION_FIRST_DELAY_MS + RETENTION_INTERVAL_MS;
    clock.advanceTo(second - 1);
    expect(rec.calls).toHaveLength(1);
    clock.advanceTo(second);
    await runs.until(2);
    clock.advanceTo(second + RETENTION_INTERVAL_MS);
    await runs.until(3);
    expect(rec.calls).toEqual([
      second - RETENTION_INTERVAL_MS,
      second,
      second + RETENTION_INTERVAL_MS,
    ]);
    // The newest grid stays however old it is: offline, the map still shows the last oval.
    expect(await database.grids.count().exec()).toBe(1);

    poller.stop();
    clock.advanceTo(second + 10 * RETENTION_INTERVAL_MS);
    await new Promise((r) => setTimeout(r, 20));
    expect(rec.calls).toHaveLength(3);
    expect(clock.pending).toBe(0);
  });

  it('never holds up a poll, and never starts a run while one is still going', async () => {
    const database = await openDb();
    const clock = fakeClock(T0);
    const rec = recordingStore(database);
    const runs = reports();
    const kp = constructed('noaa-planetary-k-index.json');
    const fetch: FetchLike = async () => new Response(kp, { status: 200 });
    const polls: number[] = [];
    const poller = createPoller({
      fetch,
      backendBase: 'http://backend',
      store: rec.store,
      now: clock.now,
      timers: clock.timers,
      resources: ['kp-index'],
      onRetention: runs.onRetention,
      onReport: (r) => polls.push(r.status.lastAttempt ?? 0),
    });
    poller.start();
    await expect.poll(() => polls.length).toBe(1);
    expect(await database.series.count({ selector: { product: 'kp-3h' } }).exec()).toBeGreaterThan(
      0,
    );
    const release = rec.holdRuns();
    clock.advanceTo(T0 + RETENTION_FIRST_DELAY_MS);
    expect(rec.calls).toHaveLength(1);

    // Retention is stuck (a slow storage); the scheduled polls go on regardless, and a refresh too.
    const cadence = SOURCES['kp-index'].cadenceMs;
    for (let k = 1; k <= 3; k++) {
      clock.advanceTo(T0 + k * cadence);
      await expect.poll(() => polls.length).toBe(k + 1);
    }
    const { failed } = await poller.refreshNow(['kp-index']);
    expect(failed).toBe(0);
    expect(polls).toHaveLength(5);

    // However long it takes, a second run does not start on top of it…
    clock.advanceTo(T0 + 20 * MIN);
    expect(rec.calls).toHaveLength(1);
    release();
    await runs.until(1);
    // …and the next one comes an interval after it finished.
    clock.advanceTo(T0 + 20 * MIN + RETENTION_INTERVAL_MS - 1);
    expect(rec.calls).toHaveLength(1);
    clock.advanceTo(T0 + 20 * MIN + RETENTION_INTERVAL_MS);
    await runs.until(2);
    expect(rec.calls).toHaveLength(2);
    poller.stop();
  });
});
