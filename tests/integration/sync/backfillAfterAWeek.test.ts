import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SeriesProduct } from '../../../core/model.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { readSeriesColumns } from '../../../sync/read/readSeriesColumns.ts';
import { readForecastIssues } from '../../../sync/forecastHistory/forecastHistory.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import { backfill } from '../../../workers/poller/backfill.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';
import { withGaps } from '../../../src/ui/charts/chartData.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * A device that was offline for a week comes back: its poller backfills every series from the
 * backend's archive (the real space-weather function's history route over the real stack and
 * PostgreSQL 15), into a real (memory) RxDB database, through the real writers. The archive itself
 * has a hole (its job was down for 90 minutes three days ago): the device gets every minute the
 * archive holds and keeps the hole as a gap, drawn as one.
 */
const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / MIN) * MIN;
/** The device's last poll before it went offline. */
const LAST_SEEN = NOW - 7 * DAY;
const HOLE: [number, number] = [NOW - 3 * DAY, NOW - 3 * DAY + 90 * MIN];

/** The archive's series: product, step, the values of a row (as SQL over the time `g`). */
const ARCHIVE: [SeriesProduct, number, string][] = [
  [
    'solar-wind-plasma',
    MIN,
    "jsonb_build_object('speed', 350 + (extract(epoch from g)::bigint / 60) % 300, 'density', 4.5, 'temperature', 90000)",
  ],
  [
    'solar-wind-mag',
    MIN,
    "jsonb_build_object('bx', 1.5, 'by', -2.25, 'bz', ((extract(epoch from g)::bigint / 60) % 21) - 10, 'bt', 10.5, 'lon', 120.5, 'lat', -12.25)",
  ],
  ['kp-1m', MIN, "jsonb_build_object('kp', 2.33, 'kpIndex', 2)"],
  ['hemi-power', 5 * MIN, "jsonb_build_object('north', 21, 'south', 17)"],
  ['kp-3h', 3 * 60 * MIN, "jsonb_build_object('kp', 3.33, 'ap', 18, 'stations', 8)"],
];

let stack: TestStack;
let db: AuroraDatabase | undefined;
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
  for (const [product, step, value] of ARCHIVE) {
    // Aligned to the step, eight days back to ten minutes ago, leaving the archive's hole.
    await stack.sql(
      `insert into space_weather_samples (product, t, v, source)
       select $1, g, ${value}, 'DSCOVR'
         from generate_series(to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), make_interval(secs => $4 / 1000.0)) g
        where not (g >= to_timestamp($5 / 1000.0) and g < to_timestamp($6 / 1000.0))`,
      [product, Math.ceil((NOW - 8 * DAY) / step) * step, NOW - 10 * MIN, step, HOLE[0], HOLE[1]],
    );
  }
  // Two forecasts the archive kept while the device was away.
  for (const [resource, issuedAgo] of [
    ['three-day-forecast', 2 * DAY],
    ['kp-forecast', DAY],
  ] as const) {
    const issued = Math.floor((NOW - issuedAgo) / (3 * 60 * MIN)) * 3 * 60 * MIN;
    const t = Array.from({ length: 8 }, (_, i) => issued + (i + 1) * 3 * 60 * MIN);
    const data =
      resource === 'kp-forecast'
        ? { rows: t.map((x) => ({ t: x, kp: 4, status: 'predicted', noaaScale: null, g: 0 })) }
        : { kp: t.map((start) => ({ start, kp: 4, g: 0, tag: null })) };
    await stack.sql(
      `insert into space_weather_archive (resource, chunk_id, data_time, payload)
       values ($1, $2, to_timestamp($3 / 1000.0), $4)`,
      [
        resource,
        `product/${resource}/${new Date(issued).toISOString()}`,
        issued,
        JSON.stringify({ id: resource, kind: resource, issued, data, raw: null }),
      ],
    );
  }
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

/** A device whose newest data, in every series, is from its last poll a week ago. */
async function deviceAWeekBehind() {
  db = await openDatabase({ storage: 'memory', name: `backfill-${process.pid}-${++n}` });
  const store = databaseStore(db);
  const held: [SeriesProduct, number][] = [
    ...ARCHIVE.map(([product, step]) => [product, step] as [SeriesProduct, number]),
    ['kp-gfz', 3 * 60 * MIN],
  ];
  for (const [product, step] of held) {
    const t = Array.from(
      { length: 6 },
      (_, i) => Math.floor(LAST_SEEN / step) * step - (5 - i) * step,
    );
    const fields: Record<string, (number | null)[]> = {};
    const names: Record<SeriesProduct, string[]> = {
      'solar-wind-plasma': ['speed', 'density', 'temperature'],
      'solar-wind-mag': ['bx', 'by', 'bz', 'bt', 'lon', 'lat'],
      'kp-1m': ['kp', 'kpIndex'],
      'hemi-power': ['north', 'south'],
      'kp-3h': ['kp', 'ap', 'stations'],
      'kp-gfz': ['kp', 'status'],
    };
    for (const f of names[product]) fields[f] = t.map(() => 1);
    await store.writeSeries({ product, t, fields, source: 'DSCOVR' }, { fetchedAt: LAST_SEEN });
  }
  return { database: db, store };
}

async function archivedTimes(product: SeriesProduct, after: number): Promise<number[]> {
  const rows = await stack.sql<{ t: Date }>(
    'select t from space_weather_samples where product = $1 and t > to_timestamp($2 / 1000.0) order by t',
    [product, after],
  );
  return rows.map((r) => r.t.getTime());
}

function countingFetch(): { fetch: FetchLike; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (url, init) => {
      urls.push(url);
      return fetch(url, init);
    },
  };
}

describe('backfill after a week offline', () => {
  it('fills every series to the minute from the archive, and keeps the archive’s own hole as a gap', async () => {
    const { database, store } = await deviceAWeekBehind();
    const { fetch: f } = countingFetch();
    const report = await backfill({
      fetch: f,
      backendBase: stack.url,
      store,
      now: () => NOW,
      mayContinue: () => true,
    });
    expect(report.errors).toEqual([]);
    expect(report.stopped).toBeNull();
    for (const [product] of ARCHIVE) {
      const local = await readSeriesColumns(database, product, { from: LAST_SEEN + 1, to: NOW });
      expect(local.t, product).toEqual(await archivedTimes(product, LAST_SEEN));
    }
    // 3-hourly GFZ Kp a week old is still inside GFZ's live window: left to the live poll.
    expect(report.series['kp-gfz']).toBeUndefined();
    const wind = await readSeriesColumns(database, 'solar-wind-plasma', {
      from: HOLE[0] - 10 * MIN,
      to: HOLE[1] + 10 * MIN,
    });
    const drawn = withGaps({ t: wind.t, columns: { speed: wind.fields.speed! } }, 2 * MIN);
    const inHole = drawn.t
      .map((t, i) => [t, drawn.columns.speed![i]] as const)
      .filter(([t]) => t > HOLE[0] && t < HOLE[1]);
    expect(inHole).toEqual([[expect.any(Number), null]]);
    // The forecasts the archive kept while the device was away, for the track record.
    expect((await readForecastIssues(database, NOW - 3 * DAY)).map((i) => i.source)).toEqual([
      'three-day-forecast',
      'kp-forecast',
    ]);
  }, 60_000);

  it('asks nothing at all under Go Offline, and stops at the next page once it is chosen', async () => {
    const { store } = await deviceAWeekBehind();
    const silent = countingFetch();
    const none = await backfill({
      fetch: silent.fetch,
      backendBase: stack.url,
      store,
      now: () => NOW,
      mayContinue: () => false,
    });
    expect(silent.urls).toEqual([]);
    expect(none.stopped).toBe('not allowed');
    let allowed = true;
    const cut = countingFetch();
    const some = await backfill({
      fetch: (url, init) => {
        allowed = false; // Go Offline, pressed while the first page was on its way
        return cut.fetch(url, init);
      },
      backendBase: stack.url,
      store,
      now: () => NOW,
      mayContinue: () => allowed,
    });
    expect(cut.urls).toHaveLength(1);
    expect(some.stopped).toBe('not allowed');
  }, 60_000);

  it('within a small byte budget brings each series’ newest part first and leaves the rest a gap', async () => {
    const { database, store } = await deviceAWeekBehind();
    const report = await backfill({
      fetch: (url, init) => fetch(url, init),
      backendBase: stack.url,
      store,
      now: () => NOW,
      mayContinue: () => true,
      budgetBytes: 200_000,
    });
    expect(report.stopped).toBe('budget');
    for (const product of ['solar-wind-plasma', 'solar-wind-mag', 'kp-1m'] as const) {
      const local = await readSeriesColumns(database, product, { from: LAST_SEEN + 1, to: NOW });
      const archive = await archivedTimes(product, LAST_SEEN);
      // The newest page (two days of minutes) arrived; the oldest days did not.
      expect(local.t.length, product).toBeGreaterThan(0);
      expect(local.t.at(-1), product).toBe(archive.at(-1));
      expect(local.t[0]!, product).toBeGreaterThan(LAST_SEEN + DAY);
    }
  }, 60_000);
});
