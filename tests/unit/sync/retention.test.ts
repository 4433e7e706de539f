import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import type { ProductRecord, SeriesBatch } from '../../../core/model.ts';
import {
  GRID_MAX_FRAMES,
  planEviction,
  planRetention,
  purgeTombstones,
} from '../../../sync/retention.ts';
import { writeGrid, writeProducts, writeSeries } from '../../../sync/write.ts';
import { createPoller, type RetentionReport } from '../../../workers/poller/createPoller.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import { fakeClock } from '../../support/fakeClock.ts';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const NOW = Date.UTC(2026, 1, 20, 12);

describe('planEviction (the device storage is full)', () => {
  it('lets every grid but the newest, every series day but each product’s newest and every older alert go, whatever their age', () => {
    const plan = planEviction({
      series: [
        { id: 'kp-3h/today', product: 'kp-3h', day: Date.UTC(2026, 1, 20), newest: true },
        { id: 'kp-3h/yesterday', product: 'kp-3h', day: Date.UTC(2026, 1, 19), newest: false },
        {
          id: 'plasma/only',
          product: 'solar-wind-plasma',
          day: Date.UTC(2026, 1, 1),
          newest: true,
        },
      ],
      grids: [
        { id: 'ovation/new', observationTime: NOW - MIN, newerCount: 0 },
        { id: 'ovation/5min', observationTime: NOW - 6 * MIN, newerCount: 1 },
      ],
      products: [
        { id: 'alert/a', kind: 'alert', issued: NOW - HOUR },
        { id: 'alert/b', kind: 'alert', issued: NOW - 2 * HOUR },
        { id: 'three-day-forecast', kind: 'three-day-forecast', issued: NOW - 5 * DAY },
      ],
      queue: [
        { id: 'pending', state: 'pending', createdAt: NOW - 9 * DAY },
        { id: 'refused', state: 'rejected', createdAt: NOW - MIN },
      ],
    });
    expect(plan).toEqual({
      series: ['kp-3h/yesterday'],
      grids: ['ovation/5min'],
      products: ['alert/b'],
      queue: ['refused'],
    });
  });
});

describe('planRetention', () => {
  it('drops series days older than 30 days and keeps the 30th', () => {
    const plan = planRetention(
      {
        series: [
          { id: 'old', product: 'kp-1m', day: Date.UTC(2026, 0, 20), newest: false },
          { id: 'edge', product: 'kp-1m', day: Date.UTC(2026, 0, 21), newest: false },
          { id: 'today', product: 'kp-1m', day: Date.UTC(2026, 1, 20), newest: true },
        ],
        grids: [],
        products: [],
        queue: [],
      },
      NOW,
    );
    expect(plan.series).toEqual(['old']);
  });

  it('keeps 3-hourly Kp 120 days and the forecast history 100, for the track record', () => {
    const plan = planRetention(
      {
        series: [
          { id: 'kp-3h-100d', product: 'kp-3h', day: NOW - 100 * DAY, newest: false },
          { id: 'kp-3h-121d', product: 'kp-3h', day: NOW - 121 * DAY, newest: false },
          { id: 'kp-gfz-121d', product: 'kp-gfz', day: NOW - 121 * DAY, newest: false },
          { id: 'wind-40d', product: 'solar-wind-plasma', day: NOW - 40 * DAY, newest: false },
        ],
        grids: [],
        products: [
          { id: 'fh-99d', kind: 'forecast-history', issued: NOW - 99 * DAY },
          { id: 'fh-101d', kind: 'forecast-history', issued: NOW - 101 * DAY },
          { id: 'three-day-forecast', kind: 'three-day-forecast', issued: NOW - 400 * DAY },
        ],
        queue: [],
      },
      NOW,
    );
    expect(plan.series).toEqual(['kp-3h-121d', 'kp-gfz-121d', 'wind-40d']);
    expect(plan.products).toEqual(['fh-101d']);
  });

  it('keeps the newest day of each series however old, so the last known values stay offline', () => {
    const plan = planRetention(
      {
        series: [
          { id: 'kp-3h/old', product: 'kp-3h', day: Date.UTC(2025, 8, 1), newest: false },
          { id: 'kp-3h/newest', product: 'kp-3h', day: Date.UTC(2025, 8, 2), newest: true },
          {
            id: 'plasma/newest',
            product: 'solar-wind-plasma',
            day: Date.UTC(2025, 10, 2),
            newest: true,
          },
        ],
        grids: [],
        products: [],
        queue: [],
      },
      NOW,
    );
    expect(plan.series).toEqual(['kp-3h/old']);
  });

  it('keeps 24 hours of grids, at most 288, and always the newest one however old', () => {
    const plan = planRetention(
      {
        series: [],
        grids: [
          { id: 'newest-but-old', observationTime: NOW - 3 * DAY, newerCount: 0 },
          { id: 'older', observationTime: NOW - 4 * DAY, newerCount: 1 },
        ],
        products: [],
        queue: [],
      },
      NOW,
    );
    expect(plan.grids).toEqual(['older']);
    const crowded = planRetention(
      {
        series: [],
        grids: [
          { id: 'recent-289th', observationTime: NOW - HOUR, newerCount: GRID_MAX_FRAMES },
          { id: 'recent-288th', observationTime: NOW - HOUR, newerCount: GRID_MAX_FRAMES - 1 },
        ],
        products: [],
        queue: [],
      },
      NOW,
    );
    expect(crowded.grids).toEqual(['recent-289th']);
  });

  it('keeps the single-copy products, alerts of the last 7 days and the newest alert of each kind', () => {
    const plan = planRetention(
      {
        series: [],
        grids: [],
        products: [
          { id: 'three-day-forecast', kind: 'three-day-forecast', issued: NOW - 30 * DAY },
          { id: 'alert/a', kind: 'alert', issued: NOW - 8 * DAY },
          { id: 'alert/b', kind: 'alert', issued: NOW - 6 * DAY },
          { id: 'icao/a', kind: 'icao-advisory', issued: NOW - 20 * DAY },
          { id: 'icao/b', kind: 'icao-advisory', issued: NOW - 10 * DAY },
        ],
        queue: [],
      },
      NOW,
    );
    expect(plan.products.sort()).toEqual(['alert/a', 'icao/a']);
  });

  it('never drops a pending request and drops refused ones after a week', () => {
    const plan = planRetention(
      {
        series: [],
        grids: [],
        products: [],
        queue: [
          { id: 'p', state: 'pending', createdAt: NOW - 60 * DAY },
          { id: 'r-old', state: 'rejected', createdAt: NOW - 8 * DAY },
          { id: 'r-new', state: 'rejected', createdAt: NOW - DAY },
        ],
      },
      NOW,
    );
    expect(plan.queue).toEqual(['r-old']);
  });
});

describe('retention over 35 simulated days of polling, run by the poller as in the worker', () => {
  let db: AuroraDatabase | undefined;
  afterEach(async () => {
    await disposeTestDatabase(db);
    db = undefined;
  });

  async function totalBytes(d: AuroraDatabase): Promise<number> {
    let bytes = 0;
    for (const name of ['series', 'grids', 'products', 'feeds', 'queue'] as const) {
      const docs = await d[name].find().exec();
      for (const doc of docs) bytes += JSON.stringify(doc.toJSON()).length;
    }
    return bytes;
  }

  it('keeps document counts and stored size bounded', async () => {
    db = await openTestDatabase();
    const start = Date.UTC(2026, 0, 1);
    const days = 35;
    const grid = new Uint8Array(360 * 181).fill(3);
    let alerts = 0;
    const sizes: number[] = [];
    // The worker's path: createPoller's retention schedule → databaseStore(db).applyRetention.
    const clock = fakeClock(start);
    const runs: RetentionReport[] = [];
    let wake: (() => void) | null = null;
    const poller = createPoller({
      fetch: () => Promise.reject(new TypeError('offline')),
      backendBase: null,
      store: databaseStore(db),
      now: clock.now,
      timers: clock.timers,
      resources: [],
      onRetention: (r) => {
        runs.push(r);
        wake?.();
      },
    });
    poller.start();
    /**
     * Jump the clock (one step stands for 3 hours of polling): the retention that fell due runs
     * at `t`, and this waits for it to finish.
     */
    const advance = async (t: number) => {
      const before = runs.length;
      clock.jumpTo(t);
      for (let i = 0; runs.length === before && i < 500; i++) {
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 10);
        });
      }
      expect(runs.length, `retention ran by ${new Date(t).toISOString()}`).toBe(before + 1);
    };
    // Each step is 3 hours and carries those 3 hours of 1-minute plasma data (what the minute polls
    // add up to); the last 30 hours also get a grid every 5 minutes.
    const STEP = 3 * HOUR;
    for (let h = 0; h < days * 24; h += 3) {
      const now = start + h * HOUR + STEP;
      const t = Array.from({ length: 180 }, (_, i) => now - STEP + i * MIN);
      const batch: SeriesBatch = {
        product: 'solar-wind-plasma',
        t,
        fields: {
          speed: t.map((_, i) => 400 + i),
          density: t.map(() => 5),
          temperature: t.map(() => 1e5),
        },
        source: 'DSCOVR',
      };
      await writeSeries(db, batch, { fetchedAt: now });
      // Grids every 5 minutes during the last 30 hours (the slider's window and then some).
      if (now > start + days * DAY - 30 * HOUR) {
        for (let m = 0; m < 36; m++) {
          const obs = now - STEP + m * 5 * MIN;
          await writeGrid(
            db,
            {
              observationTime: obs,
              forecastTime: obs + 30 * MIN,
              width: 360,
              height: 181,
              values: grid,
            },
            { fetchedAt: now },
          );
        }
      } else if (h % 24 === 0) {
        await writeGrid(
          db,
          { observationTime: now, forecastTime: now, width: 360, height: 181, values: grid },
          { fetchedAt: now },
        );
      }
      if (h % 6 === 0) {
        alerts++;
        const alert: ProductRecord = {
          id: `alert/ALTK04/${now}`,
          kind: 'alert',
          issued: now,
          data: { n: alerts },
          raw: 'ALERT',
        };
        const forecast: ProductRecord = {
          id: 'three-day-forecast',
          kind: 'three-day-forecast',
          issued: now,
          data: { n: h },
          raw: 'FORECAST',
        };
        await writeProducts(db, [alert, forecast], { fetchedAt: now });
      }
      // Every step is longer than the retention interval, so each one ends with a run.
      await advance(now);
      if (h % 24 === 21) sizes.push(await totalBytes(db));
    }
    poller.stop();
    const end = start + days * DAY;
    expect(runs).toHaveLength(days * 8);
    expect(runs.every((r) => r.error === null)).toBe(true);
    expect(runs[runs.length - 1]!.at).toBe(end);
    // Today (the UTC day starting at `end`) has no samples yet; the 30 days before it are kept.
    expect(await db.series.count().exec()).toBe(30);
    const days0 = (await db.series.find().exec()).map((d) => d.day);
    expect(Math.min(...days0)).toBe(end - 30 * DAY);
    expect(await db.grids.count().exec()).toBeLessThanOrEqual(GRID_MAX_FRAMES);
    const grids = await db.grids.find().exec();
    expect(grids.every((g) => g.observationTime >= end - DAY)).toBe(true);
    expect(await db.products.count({ selector: { kind: 'alert' } }).exec()).toBe(7 * 4);
    expect(await db.products.count({ selector: { kind: 'three-day-forecast' } }).exec()).toBe(1);
    // Size plateaus once the 30-day window is full: the last week grows by no more than the grid
    // frames of the final day (the slider filling up) and one series day.
    const plateau = sizes.slice(31, 33);
    expect(plateau[1]! - plateau[0]!).toBeLessThan(60 * 24 * 3 * 40);
    expect(sizes[sizes.length - 1]!).toBeLessThan(
      31 * 24 * 60 * 3 * 40 + GRID_MAX_FRAMES * 90_000 + 100_000,
    );
  }, 120_000);
});

describe('purgeTombstones', () => {
  let db: AuroraDatabase | undefined;
  afterEach(async () => {
    await disposeTestDatabase(db);
    db = undefined;
  });

  it('deletes removed documents from storage for good, and leaves the others', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    const records: ProductRecord[] = [1, 2, 3].map((n) => ({
      id: `alert/ALTK0${n}/${now}`,
      kind: 'alert',
      issued: now,
      data: { n },
      raw: 'ALERT',
    }));
    await writeProducts(db, records, { fetchedAt: now });
    const removed = [records[0]!.id, records[1]!.id];
    await db.products.bulkRemove(removed);
    // RxDB keeps tombstones until a cleanup: they are still in storage.
    expect(await db.products.storageInstance.findDocumentsById(removed, true)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 5));

    await purgeTombstones(db.products);

    expect(await db.products.storageInstance.findDocumentsById(removed, true)).toEqual([]);
    expect((await db.products.find().exec()).map((d) => d.id)).toEqual([records[2]!.id]);
  });
});
