import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../../server/stack.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';
import { constructKpGfz } from '../../fixtures/gfz/construct.ts';
import { validateWithNormalise } from '../../../supabase/functions/space-weather/validate.ts';
import { sampleRows } from '../../../supabase/functions/space-weather/archive.ts';
import { decodeCompactPage } from '../../../core/compact/compactForm.ts';
import { decodeForecastHistory } from '../../../core/compact/forecastHistoryForm.ts';
import type { SpaceWeatherResource } from '../../../supabase/functions/space-weather/resources.ts';
import { decodeAuroraAtPlace } from '../../../core/compact/auroraAtPlaceForm.ts';
import { openDatabase, removeDatabase } from '../../../sync/database.ts';
import { keepNightRecord, readNights } from '../../../sync/nights/nights.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import { scoreNights } from '../../../workers/poller/scoreNights.ts';
import { constructed } from '../../support/constructedSwpc.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratchDatabase.ts';

/**
 * The archive job (`archive-space-weather`) and the history route, on the real stack and
 * PostgreSQL 15; the agencies (SWPC, GFZ Potsdam) are a loopback stand-in serving constructed SWPC
 * files and the constructed GFZ body. The stack is started by hand on one database, so it can be
 * stopped part-way through a run and started again on the same data, as a restart would.
 */
const fixture = constructed;
const FILES: [SpaceWeatherResource, string, string, string?][] = [
  ['solar-wind', 'json/rtsw/rtsw_wind_1m.json', 'plasma-7-day.json'],
  ['magnetic-field', 'json/rtsw/rtsw_mag_1m.json', 'mag-7-day.json'],
  ['kp-1m', 'json/planetary_k_index_1m.json', 'planetary_k_index_1m.json'],
  [
    'aurora-nowcast-hemi-power',
    'text/aurora-nowcast-hemi-power.txt',
    'aurora-nowcast-hemi-power.txt',
    'text/plain',
  ],
  ['kp-index', 'products/noaa-planetary-k-index.json', 'noaa-planetary-k-index.json'],
  [
    'kp-forecast',
    'products/noaa-planetary-k-index-forecast.json',
    'noaa-planetary-k-index-forecast.json',
  ],
  ['three-day-forecast', 'text/3-day-forecast.txt', '3-day-forecast.txt', 'text/plain'],
];
const SERIES = FILES.slice(0, 5);

let upstream: TestUpstream;
let databaseUrl: string;
let scratch: ScratchDatabase | undefined;
let stack: Stack | null = null;
let db: pg.Pool;
const jwtSecret = randomBytes(32).toString('hex');

async function start(): Promise<Stack> {
  stack = await startStack({
    databaseUrl,
    jwtSecret,
    distDir: null,
    log: () => {},
    functionEnv: { SWPC_BASE_URL: upstream.url, GFZ_BASE_URL: upstream.url },
  });
  return stack;
}

function runJob(body: unknown, key = stack!.serviceRoleKey): Promise<Response> {
  return fetch(`${stack!.url}/functions/v1/archive-space-weather`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** What the archive must hold of each series: every normalised sample that has a value. */
function expectedSamples(): Map<string, number> {
  const out = new Map<string, number>();
  for (const [resource, , file] of SERIES) {
    const r = validateWithNormalise(resource, fixture(file), { now: Date.now() });
    if (!r.ok) throw new Error(r.error);
    for (const batch of r.series) {
      const keys = new Set(sampleRows(batch, 0).map((row) => row.t));
      out.set(batch.product, (out.get(batch.product) ?? 0) + keys.size);
    }
  }
  return out;
}

async function archived(): Promise<Map<string, number>> {
  const { rows } = await db.query<{ product: string; n: string }>(
    "select product, count(*) as n from space_weather_samples where product <> 'kp-gfz' group by product",
  );
  return new Map(rows.map((r) => [r.product, Number(r.n)]));
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  for (const [, path, file, type] of FILES) upstream.set(path, fixture(file), type);
  upstream.set('app/json/', constructKpGfz());
  upstream.set('json/ovation_aurora_latest.json', fixture('ovation_aurora_latest.json'));
  scratch = await createScratchDatabase('aurora_archive');
  databaseUrl = scratch.url;
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {});
  await start();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await db?.end();
  await upstream?.close();
  await scratch?.drop();
});

describe('the archive job (archive-space-weather)', () => {
  it('runs with the service role only', async () => {
    expect((await runJob({}, stack!.anonKey)).status).toBe(403);
    // No token is an anonymous caller here (hosted Supabase's gateway answers 401 first: verify_jwt).
    const res = await fetch(`${stack!.url}/functions/v1/archive-space-weather`, { method: 'POST' });
    expect(res.status).toBe(403);
    expect((await runJob({ resources: ['alerts'] })).status).toBe(400);
  });

  it('is listed in the schedules at the agencies’ cadences', async () => {
    const { rows } = await db.query(
      "select name, schedule, body from scheduling.function_jobs where function_name = 'archive-space-weather' order by name",
    );
    expect(rows).toEqual([
      {
        name: 'archive-each-3-hours',
        schedule: '7 */3 * * *',
        body: {
          resources: ['kp-index', 'kp-gfz', 'kp-forecast', 'three-day-forecast'],
          retention: true,
        },
      },
      {
        name: 'archive-each-5-minutes',
        schedule: '*/5 * * * *',
        body: { resources: ['aurora-oval', 'aurora-nowcast-hemi-power'] },
      },
      {
        name: 'archive-each-minute',
        schedule: '* * * * *',
        body: { resources: ['solar-wind', 'magnetic-field', 'kp-1m'] },
      },
    ]);
  });

  it('survives a restart in the middle of a run, and writes every sample exactly once', async () => {
    // The magnetic field never answers: the run is under way (solar wind being written) when the
    // whole stack goes down.
    upstream.set('json/rtsw/rtsw_mag_1m.json', 'hang');
    const cut = runJob({ resources: ['solar-wind', 'magnetic-field'] }).catch(() => null);
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query('select 1 from space_weather_samples limit 1');
      if (rows.length > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await stack!.stop();
    stack = null;
    await cut;
    upstream.set('json/rtsw/rtsw_mag_1m.json', fixture('mag-7-day.json'));
    await start();
    const res = await runJob({ resources: SERIES.map(([r]) => r) });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { resources: Record<string, { error?: string }> };
    expect(Object.values(report.resources).filter((r) => r.error)).toEqual([]);
    expect(await archived()).toEqual(expectedSamples());
  }, 120_000);

  it('is idempotent: the same files again change no row', async () => {
    const before = await db.query(
      "select product, t, v, source from space_weather_samples where product <> 'kp-gfz' order by product, t",
    );
    expect((await runJob({ resources: SERIES.map(([r]) => r) })).status).toBe(200);
    // No body change: the service answers from its cache; a new instance writes the same rows.
    const after = await db.query(
      "select product, t, v, source from space_weather_samples where product <> 'kp-gfz' order by product, t",
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('keeps every issue of the forecasts, one row per issue', async () => {
    const res = await runJob({ resources: ['kp-forecast', 'three-day-forecast'] });
    expect(res.status).toBe(200);
    const { rows } = await db.query<{ chunk_id: string }>(
      "select chunk_id from space_weather_archive where chunk_id like 'product/%' order by chunk_id",
    );
    expect(rows.map((r) => r.chunk_id)).toEqual([
      'product/kp-forecast/2026-02-09T21:00:00.000Z',
      'product/three-day-forecast/2024-12-31T12:30:00.000Z',
    ]);
  });

  it('brings a year of GFZ Kp at its first run, and re-reads nowcast values until GFZ makes them definitive', async () => {
    const asked = () => upstream.requests.filter((r) => r.path === 'app/json/').map((r) => r.query);
    expect((await runJob({ resources: ['kp-gfz'] })).status).toBe(200);
    const first = new URLSearchParams(asked().at(-1));
    const seedDays = (Date.now() - Date.parse(first.get('start')!)) / 86_400_000;
    expect(seedDays).toBeGreaterThan(399);
    expect(seedDays).toBeLessThan(401);
    const status = async () =>
      (
        await db.query<{ status: string; n: string }>(
          "select v->>'status' as status, count(*) as n from space_weather_samples where product = 'kp-gfz' group by 1 order by 1",
        )
      ).rows.map((r) => [r.status, Number(r.n)]);
    expect(await status()).toEqual([
      ['1', 160],
      ['2', 200],
    ]);
    // GFZ publishes the definitive values: the next run asks from the oldest nowcast value held.
    const doc = JSON.parse(constructKpGfz()) as { status: string[] };
    upstream.set('app/json/', JSON.stringify({ ...doc, status: doc.status.map(() => 'def') }));
    expect((await runJob({ resources: ['kp-gfz'] })).status).toBe(200);
    const second = new URLSearchParams(asked().at(-1));
    expect(Date.parse(second.get('start')!)).toBeLessThanOrEqual(
      Date.parse('2026-11-01T00:00:00Z'),
    );
    expect(await status()).toEqual([['2', 360]]);
  });
});

describe('history from the archive (space-weather/history)', () => {
  const history = (path: string) =>
    fetch(`${stack!.url}/functions/v1/space-weather/history/${path}`, {
      headers: { apikey: stack!.anonKey },
    });

  it('pages a series newest first until it is complete, in the compact form', async () => {
    const times: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const res = await history(
        `solar-wind?since=0&limit=2000${before === null ? '' : `&before=${before}`}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-aurora-form')).toBe('rows');
      const page = decodeCompactPage('solar-wind', await res.text(), { now: Date.now() });
      if (!page.result.ok) throw new Error(page.result.error);
      const t = page.result.series.flatMap((b) => b.t);
      // Each page is older than the one before it.
      if (times.length > 0) expect(t.at(-1)!).toBeLessThan(times[0]!);
      times.unshift(...t);
      before = page.next;
      pages++;
    } while (before !== null && pages < 20);
    expect(pages).toBe(5);
    expect(times.length).toBe(expectedSamples().get('solar-wind-plasma'));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('gives only the rows newer than since, and the forecasts the archive kept', async () => {
    const since = Date.parse('2026-01-19T22:00:00Z');
    const res = await history(`magnetic-field?since=${since}`);
    const page = decodeCompactPage('magnetic-field', await res.text(), { now: Date.now() });
    if (!page.result.ok) throw new Error(page.result.error);
    const t = page.result.series.flatMap((b) => b.t);
    expect(t.length).toBeGreaterThan(60);
    expect(t.every((x) => x > since)).toBe(true);
    expect(page.next).toBeNull();
    const forecasts = decodeForecastHistory(await (await history('forecasts?since=0')).text(), {
      now: Date.now(),
    });
    if (!forecasts.ok) throw new Error(forecasts.error);
    expect(forecasts.issues.map((i) => i.source)).toEqual(['three-day-forecast', 'kp-forecast']);
  });

  it('scores a night the device did not watch from the OVATION frames the archive kept', async () => {
    expect((await runJob({ resources: ['aurora-oval'] })).status).toBe(200);
    // The constructed frame (tests/fixtures/swpc/ovation.ts): observed 2024-03-03 15:07Z, forecast
    // for 16:20Z, an active night — 89 % overhead at Tromsø, 100 % in view, as the unit test of
    // auroraAtPlace reads it from the same frame.
    const forecast = Date.parse('2024-03-03T16:20:00Z');
    const from = forecast - 2 * 3_600_000;
    const to = forecast + 3_600_000;
    const at = await history(`aurora-at?lat=69.65&lon=18.96&from=${from}&to=${to}`);
    expect(at.status).toBe(200);
    const seen = decodeAuroraAtPlace(await at.text());
    expect(seen).toEqual({
      ok: true,
      frames: [{ forecastTime: forecast, overheadPercent: 89, visiblePercent: 100 }],
    });
    const device = await openDatabase({ storage: 'memory', name: `nights-archive-${process.pid}` });
    try {
      await keepNightRecord(device, {
        id: 'cabin@2024-03-03',
        place_id: 'cabin',
        place_name: 'Cabin',
        lat: 69.65,
        lon: 18.96,
        night: '2024-03-03',
        level: 'MAYBE',
        window_from: from,
        window_to: to,
        line: 'Maybe tonight',
        judged_at: from - 3_600_000,
        outcome: null,
        seen_overhead: null,
        seen_visible: null,
        frames: 0,
        scored_at: null,
      });
      const result = await scoreNights({
        fetch: (url, init) => fetch(url, init),
        backendBase: stack!.url,
        store: databaseStore(device),
        now: () => Date.now(),
        mayContinue: () => true,
      });
      expect(result).toEqual({ scored: 1, waiting: 0 });
      expect((await readNights(device))[0]).toMatchObject({
        outcome: 'GO',
        seen_overhead: 89,
        seen_visible: 100,
        frames: 1,
      });
    } finally {
      await removeDatabase(device);
    }
  });

  it('refuses a history it does not keep, or a query without since', async () => {
    expect((await history('alerts?since=0')).status).toBe(400);
    expect((await history('kp-index')).status).toBe(400);
    expect((await history('kp-index?since=0&limit=999999')).status).toBe(400);
    expect((await history('aurora-at?lat=95&lon=0&from=0&to=1')).status).toBe(400);
    expect((await history('aurora-at?lat=60&lon=0&from=0&to=999999999')).status).toBe(400);
  });
});

describe('retention (the 3-hourly run)', () => {
  it('keeps 1-minute data 30 days and 3-hourly Kp for ever', async () => {
    await db.query(
      "insert into space_weather_samples (product, t, v) values ('kp-1m', now() - interval '31 days', '{\"kp\": 2, \"kpIndex\": 2}'), ('kp-3h', now() - interval '3000 days', '{\"kp\": 4}')",
    );
    const res = await runJob({ resources: [], retention: true });
    expect(res.status).toBe(200);
    // The recorded files are months old: every 1-minute sample goes, every 3-hourly Kp stays.
    const { rows } = await db.query<{ product: string }>(
      "select distinct product from space_weather_samples where t < now() - interval '30 days' order by 1",
    );
    expect(rows.map((r) => r.product)).toEqual(['kp-3h', 'kp-gfz']);
  });
});
