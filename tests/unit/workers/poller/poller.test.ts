import { afterEach, describe, expect, it } from 'vitest';
import { SDO_CHANNELS } from '../../../../core/normalise/sdoImages.ts';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import { readSeriesColumns } from '../../../../sync/read/readSeriesColumns.ts';
import { RESOURCES, type Resource } from '../../../../core/model.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { pollResource, type PollDeps } from '../../../../workers/poller/pollResource.ts';
import { createPoller } from '../../../../workers/poller/createPoller.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import { SOURCES } from '../../../../core/products/sources.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { handwritten } from '../../../support/fixtureFiles.ts';
import { constructKpGfz } from '../../../fixtures/gfz/construct.ts';
import { QUIET_JUNE, ovationBody } from '../../../fixtures/swpc/ovation.ts';
import { constructed } from '../../../support/constructedSwpc.ts';
import { QUIET_WEEK, magBody, plasmaBody } from '../../../fixtures/swpc/solarWind.ts';

/**
 * A file moved to the test's day: the normalisers drop rows dated after `now`, and these three
 * files were recorded (or written) after NOW below. Only the dates change.
 */
function movedToTestDay(body: string, dates: [string, string][]): string {
  return dates.reduce((text, [from, to]) => text.replaceAll(from, to), body);
}

// The agencies are the third party here: fetch answers from the real fixture files.
const FILE_FOR: Record<Resource, () => string> = {
  'kp-index': () => constructed('noaa-planetary-k-index.json'),
  'aurora-oval': () => ovationBody(QUIET_JUNE),
  'aurora-nowcast-hemi-power': () => constructed('aurora-nowcast-hemi-power.txt'),
  'solar-wind': () => plasmaBody(QUIET_WEEK),
  'magnetic-field': () => magBody(QUIET_WEEK),
  'three-day-forecast': () => constructed('3-day-forecast.txt'),
  'three-day-geomag-forecast': () => constructed('3-day-geomag-forecast.txt'),
  'observed-solar-cycle': () => constructed('observed-solar-cycle-indices.json'),
  'predicted-solar-cycle': () => constructed('predicted-solar-cycle.json'),
  'icao-advisories': () =>
    JSON.stringify([
      {
        message: movedToTestDay(handwritten('icao-advisories.txt'), [
          ['20260704', '20260414'],
          ['20261231', '20260331'],
        ]),
      },
    ]),
  alerts: () =>
    movedToTestDay(handwritten('alerts.json'), [
      ['2026-07-0', '2026-04-1'],
      ['2026 Jul 0', '2026 Apr 1'],
    ]),
  'kp-1m': () =>
    movedToTestDay(constructed('planetary_k_index_1m.json'), [['2026-07-09', '2026-04-18']]),
  'kp-forecast': () => constructed('noaa-planetary-k-index-forecast.json'),
  'twenty-seven-day-outlook': () => constructed('27-day-outlook.txt'),
  'sdo-images': () => '',
  'kp-gfz': () => constructKpGfz(Date.UTC(2026, 3, 18, 12)),
};

const NOW = Date.UTC(2026, 3, 18, 14, 40);

interface FakeUpstream {
  fetch: FetchLike;
  calls: string[];
  /** Per-URL override: 'html' page, 'down' (network error), '304'. */
  mode: Map<string, 'html' | 'down' | '304'>;
  backendDown: boolean;
}

function fakeUpstream(): FakeUpstream {
  const up: FakeUpstream = {
    calls: [],
    mode: new Map(),
    backendDown: false,
    fetch: async () => new Response(),
  };
  up.fetch = async (url, init) => {
    up.calls.push(`${init.method ?? 'GET'} ${url}`);
    if (url.startsWith('http://backend') && up.backendDown) throw new TypeError('Failed to fetch');
    // Our backend's SDO list: every channel in one answer.
    if (url === 'http://backend/functions/v1/sdo-image/list')
      return Response.json(
        {
          channels: Object.keys(SDO_CHANNELS).map((channel) => ({
            channel,
            time: '2026-04-18T14:20:00.000Z',
            etag: `"sdo-${channel}"`,
            replay: false,
          })),
        },
        { headers: { etag: '"sdo-list-v1"' } },
      );
    if (
      url.startsWith('https://sdo.gsfc.nasa.gov/') ||
      url.startsWith('http://backend/functions/v1/sdo-image/')
    )
      return new Response(null, {
        status: 200,
        headers: { 'last-modified': 'Sat, 18 Apr 2026 14:20:00 GMT' },
      });
    const path = url.split('?')[0]!;
    const resource =
      ((RESOURCES as readonly string[]).find((r) => path.endsWith(`/space-weather/${r}`)) as
        Resource | undefined) ??
      (RESOURCES.find((r) => SOURCES[r].swpcPath && url.endsWith(SOURCES[r].swpcPath as string)) as
        Resource | undefined);
    if (!resource) return new Response('not found', { status: 404, statusText: 'Not Found' });
    const mode = up.mode.get(resource);
    if (mode === 'down') throw new TypeError('Failed to fetch');
    if (mode === 'html')
      return new Response('<html><head><title>502 Bad Gateway</title></head></html>', {
        status: 200,
      });
    const etag = `"${resource}-v1"`;
    if (mode === '304' || (init.headers as Record<string, string>)['If-None-Match'] === etag)
      return new Response(null, { status: 304 });
    return new Response(FILE_FOR[resource](), { status: 200, headers: { etag } });
  };
  return up;
}

let db: AuroraDatabase | undefined;
let n = 0;
async function openDb(): Promise<AuroraDatabase> {
  db = await openDatabase({
    storage: 'memory',
    name: `poller-${process.pid}-${Date.now()}-${++n}`,
  });
  return db;
}
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

function deps(
  up: FakeUpstream,
  database: AuroraDatabase,
  backendBase: string | null = 'http://backend',
): PollDeps {
  return {
    fetch: up.fetch,
    backendBase,
    store: databaseStore(database),
    now: () => NOW,
    inFlight: createInFlight(),
    batcher: createBatcher(),
  };
}

describe('polling into the local database', () => {
  it('writes every product of a full refresh and records each feed', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    const poller = createPoller({
      fetch: up.fetch,
      backendBase: 'http://backend',
      store: databaseStore(database),
      now: () => NOW,
    });
    const { failed, reports } = await poller.refreshNow();
    poller.stop();
    expect(reports.filter((r) => r.outcome === 'failed').map((r) => r.error)).toEqual([]);
    expect(failed).toBe(0);
    expect(reports).toHaveLength(RESOURCES.length);
    const plasma = await readSeriesColumns(database, 'solar-wind-plasma', {
      from: Date.UTC(2026, 3, 18),
      to: NOW,
    });
    expect(plasma.t.length).toBeGreaterThan(800);
    expect(await database.grids.count().exec()).toBe(1);
    const kinds = (await database.products.find().exec()).map((d) => d.kind);
    expect(new Set(kinds)).toEqual(
      new Set([
        'three-day-forecast',
        'three-day-geomag-forecast',
        'twenty-seven-day-outlook',
        'observed-solar-cycle',
        'predicted-solar-cycle',
        'kp-forecast',
        'alert',
        'icao-advisory',
        'sdo-images',
        // Every Kp forecast issue, kept to score (sync/forecastHistory/).
        'forecast-history',
      ]),
    );
    const wind = await readFeedStatus(database, 'solar-wind');
    expect(wind).toMatchObject({
      lastSuccess: NOW,
      dataTime: Date.UTC(2026, 3, 18, 14, 30),
      etag: '"solar-wind-v1"',
      state: 'fresh',
      error: null,
    });
    expect((await readFeedStatus(database, 'sdo-images'))?.dataTime).toBe(
      Date.UTC(2026, 3, 18, 14, 20),
    );
  }, 60_000);

  it('keeps the last good data and marks the feed error when an HTML page replaces the product', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    await pollResource('kp-index', deps(up, database));
    const before = await readSeriesColumns(database, 'kp-3h', { from: 0, to: NOW });
    up.mode.set('kp-index', 'html');
    // A new etag would be needed for a 200; the fake serves the HTML regardless.
    const report = await pollResource('kp-index', deps(up, database));
    expect(report.outcome).toBe('failed');
    expect(report.error).toBe(
      'kp-index: received an HTML page instead of data ("502 Bad Gateway")',
    );
    expect(await readSeriesColumns(database, 'kp-3h', { from: 0, to: NOW })).toEqual(before);
    expect(before.t).toHaveLength(62);
    expect(await readFeedStatus(database, 'kp-index')).toMatchObject({
      state: 'error',
      error: report.error,
      lastSuccess: NOW,
      dataTime: Date.UTC(2026, 1, 9, 15),
      etag: '"kp-index-v1"',
    });
  });

  it('sends the stored ETag and treats 304 as unchanged', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    await pollResource('alerts', deps(up, database));
    const second = await pollResource('alerts', deps(up, database));
    expect(second.outcome).toBe('unchanged');
    expect(second.status.error).toBeNull();
    expect(await database.products.count().exec()).toBe(4);
  });

  it('falls back to SWPC when the backend is down, and says which way the data came', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    up.backendDown = true;
    const report = await pollResource('aurora-oval', deps(up, database));
    expect(report.via).toBe('swpc');
    expect(up.calls[up.calls.length - 1]).toBe(
      'GET https://services.swpc.noaa.gov/json/ovation_aurora_latest.json',
    );
    expect(report.outcome).toBe('updated');
  }, 20_000);

  it('asks SWPC for the rtsw solar-wind file directly', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    await pollResource('solar-wind', deps(up, database, null));
    expect(up.calls).toEqual(['GET https://services.swpc.noaa.gov/json/rtsw/rtsw_wind_1m.json']);
  });

  it('asks the backend for the compact form, then only the rows newer than the stored data time; text products as they are', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    await pollResource('solar-wind', deps(up, database));
    const dataTime = (await readFeedStatus(database, 'solar-wind'))?.dataTime;
    up.mode.set('solar-wind', '304');
    await pollResource('solar-wind', deps(up, database));
    await pollResource('kp-forecast', deps(up, database));
    expect(up.calls).toEqual([
      'GET http://backend/functions/v1/space-weather/solar-wind?format=compact',
      `GET http://backend/functions/v1/space-weather/solar-wind?format=compact&since=${dataTime}`,
      'GET http://backend/functions/v1/space-weather/kp-forecast',
    ]);
  });
});

describe('the poll loop', () => {
  it('sends nothing while forced offline and polls at once when going back online', async () => {
    const database = await openDb();
    const up = fakeUpstream();
    const poller = createPoller({
      fetch: up.fetch,
      backendBase: 'http://backend',
      store: databaseStore(database),
      now: () => NOW,
      // Two first-screen products: the clock stands still here, so nothing deferred would come due.
      resources: ['kp-index', 'kp-1m'],
      conditions: { forcedOffline: true },
    });
    poller.start();
    expect(await poller.refreshNow()).toEqual({ failed: 2, reports: [] });
    await new Promise((r) => setTimeout(r, 120));
    expect(up.calls).toEqual([]);
    poller.setConditions({ forcedOffline: false });
    // Both leave together: one multi request, which this stand-in does not know (404), then one each.
    await expect.poll(() => up.calls.length, { timeout: 5_000 }).toBe(3);
    poller.setConditions({ online: false });
    poller.stop();
    expect(new Set(up.calls.slice(1))).toEqual(
      new Set([
        'GET http://backend/functions/v1/space-weather/kp-index?format=compact',
        'GET http://backend/functions/v1/space-weather/kp-1m?format=compact',
      ]),
    );
    expect(up.calls[0]).toMatch(/^GET http:\/\/backend\/functions\/v1\/space-weather\/multi\?/);
  });
});
