/**
 * The worker's poll of a compact answer stores what the agency's file would. One constructed SWPC file
 * is polled twice: straight from "SWPC" (the agency's form) into one database, and through the
 * real space-weather function in its compact form into another; the stored documents must be
 * equal. Then a newer file arrives and the compact poll asks only for the rows since the stored
 * data time; and a compact body that is wrong is refused with the feed marked error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import type { Resource } from '../../../../core/model.ts';
import { SOURCES } from '../../../../core/products/sources.ts';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { pollResource, type PollDeps } from '../../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const opened: AuroraDatabase[] = [];
let n = 0;
afterEach(async () => {
  for (const db of opened.splice(0)) if (!db.closed) await removeDatabase(db);
});

async function openDb(): Promise<AuroraDatabase> {
  const db = await openDatabase({ storage: 'memory', name: `compact-${process.pid}-${n++}` });
  opened.push(db);
  return db;
}

/** SWPC's file at a path, changeable (a stand-in for the agency: a third party). */
function agency(files: Map<string, string>): FetchLike {
  return async (url) => {
    const path = url.replace(/^https?:\/\/[^/]+\//, '').split('?')[0]!;
    const body = files.get(path);
    return body === undefined
      ? new Response('not found', { status: 404, statusText: 'Not Found' })
      : new Response(body, { headers: { 'content-type': 'application/json' } });
  };
}

/** The real function over that agency, its clock moving with the test's. */
function backend(files: Map<string, string>, clock: { now: number }) {
  const service = new SpaceWeatherService({
    baseUrl: 'https://services.swpc.noaa.gov',
    fetch: agency(files) as unknown as typeof globalThis.fetch,
    now: () => clock.now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const urls: string[] = [];
  const statuses: number[] = [];
  const fetch: FetchLike = async (url, init) => {
    urls.push(url);
    const response = await handler(new Request(url, init));
    statuses.push(response.status);
    return response;
  };
  return { fetch, urls, statuses };
}

function deps(
  db: AuroraDatabase,
  fetch: FetchLike,
  backendBase: string | null,
  clock: { now: number },
): PollDeps {
  return {
    fetch,
    backendBase,
    store: databaseStore(db),
    now: () => clock.now,
    inFlight: createInFlight(),
    batcher: createBatcher(),
  };
}

/** Everything a poll stored, without RxDB's bookkeeping and the fetch times (when, not what). */
async function stored(db: AuroraDatabase) {
  const strip = (d: Record<string, unknown>) => {
    const { _meta, _rev, _attachments, _deleted, fetchedAt, fetched, updatedAt, ...rest } = d;
    void [_meta, _rev, _attachments, _deleted, fetchedAt, fetched, updatedAt];
    return rest;
  };
  const series = (await db.series.find().exec()).map((d) => strip(d.toJSON(true)));
  const grids = (await db.grids.find().exec()).map((d) => strip(d.toJSON(true)));
  return { series, grids };
}

const CASES: [Resource, string, number][] = [
  ['aurora-oval', 'ovation_aurora_latest.json', Date.parse('2024-03-03T15:20:00Z')],
  ['magnetic-field', 'rtsw_mag_1m.json', Date.parse('2024-04-24T23:40:00Z')],
  ['kp-1m', 'planetary_k_index_1m.json', Date.parse('2026-07-09T10:05:00Z')],
  ['solar-wind', 'plasma-7-day.json', Date.parse('2026-01-19T23:10:00Z')],
];

describe('a compact answer from our backend', () => {
  it.each(CASES)(
    'stores the same %s documents as the agency file %s',
    async (resource, file, now) => {
      const clock = { now };
      const files = new Map([[SOURCES[resource].swpcPath!, constructed(file)]]);
      const direct = await openDb();
      const viaBackend = await openDb();
      const server = backend(files, clock);
      const raw = await pollResource(resource, deps(direct, agency(files), null, clock));
      const compact = await pollResource(
        resource,
        deps(viaBackend, server.fetch, 'http://api.test', clock),
      );
      expect(raw).toMatchObject({ outcome: 'updated', via: 'swpc', error: null });
      expect(compact).toMatchObject({ outcome: 'updated', via: 'backend', error: null });
      expect(server.urls[0]).toMatch(/\?format=compact$/);
      expect(await stored(viaBackend)).toEqual(await stored(direct));
      const [a, b] = await Promise.all([
        readFeedStatus(direct, resource),
        readFeedStatus(viaBackend, resource),
      ]);
      expect(b).toMatchObject({
        state: a?.state,
        dataTime: a?.dataTime,
        schemaDrift: a?.schemaDrift,
      });
    },
  );

  it('asks for the rows since the stored data time, gets a 304 while nothing changed, and ends with what the whole newer file gives', async () => {
    // The real rtsw file as it was 20 minutes earlier (two spacecraft rows a minute, newest first), then whole.
    const whole = constructed('rtsw_mag_1m.json');
    const earlier = JSON.stringify((JSON.parse(whole) as unknown[]).slice(40));
    const clock = { now: Date.parse('2024-04-24T23:20:00Z') };
    const files = new Map([['json/rtsw/rtsw_mag_1m.json', earlier]]);
    const server = backend(files, clock);
    const viaBackend = await openDb();
    const d = deps(viaBackend, server.fetch, 'http://api.test', clock);
    await pollResource('magnetic-field', d);
    const first = await readFeedStatus(viaBackend, 'magnetic-field');
    clock.now += 60_000;
    expect((await pollResource('magnetic-field', d)).outcome).toBe('unchanged');
    files.set('json/rtsw/rtsw_mag_1m.json', whole);
    clock.now = Date.parse('2024-04-24T23:40:00Z');
    expect(await pollResource('magnetic-field', d)).toMatchObject({
      outcome: 'updated',
      error: null,
    });
    expect(server.urls.slice(1)).toEqual([
      `http://api.test/functions/v1/space-weather/magnetic-field?format=compact&since=${first?.dataTime}`,
      `http://api.test/functions/v1/space-weather/magnetic-field?format=compact&since=${first?.dataTime}`,
    ]);
    expect(server.statuses).toEqual([200, 304, 200]);

    const direct = await openDb();
    await pollResource('magnetic-field', deps(direct, agency(files), null, clock));
    expect(await stored(viaBackend)).toEqual(await stored(direct));
    expect((await readFeedStatus(viaBackend, 'magnetic-field'))?.dataTime).toBe(
      Date.parse('2024-04-24T23:35:00Z'),
    );
  });

  it('refuses a compact body that is wrong, marks the feed error with the reason and keeps the good data', async () => {
    const clock = { now: Date.parse('2024-03-03T15:20:00Z') };
    const files = new Map([
      ['json/ovation_aurora_latest.json', constructed('ovation_aurora_latest.json')],
    ]);
    const server = backend(files, clock);
    const db = await openDb();
    await pollResource('aurora-oval', deps(db, server.fetch, 'http://api.test', clock));
    const good = await stored(db);
    // A backend whose grid lost its tail (a cut connection, a bug): the bytes no longer make a grid.
    const cut: FetchLike = async () =>
      new Response(
        JSON.stringify({
          format: 'aurora-compact/1',
          resource: 'aurora-oval',
          dataTime: clock.now,
          schemaDrift: false,
          since: null,
          series: [],
          grids: [
            {
              observationTime: clock.now,
              forecastTime: clock.now,
              encoding: 'sub-base64',
              values: 'AAAA',
            },
          ],
        }),
        { headers: { 'content-type': 'application/json', 'x-aurora-form': 'grid', etag: '"x"' } },
      );
    const report = await pollResource('aurora-oval', deps(db, cut, 'http://api.test', clock));
    expect(report.outcome).toBe('failed');
    expect(report.error).toBe(
      'aurora-oval: compact body refused: grid has 3 cells, expected 65160 (360 × 181)',
    );
    expect(await readFeedStatus(db, 'aurora-oval')).toMatchObject({
      state: 'error',
      error: report.error,
    });
    expect(await stored(db)).toEqual(good);
  });

  it('still reads SWPC’s own rtsw file when our backend cannot be reached', async () => {
    const clock = { now: Date.parse('2024-04-24T23:40:00Z') };
    const files = new Map([['json/rtsw/rtsw_mag_1m.json', constructed('rtsw_mag_1m.json')]]);
    const calls: string[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push(url);
      if (url.startsWith('http://api.test')) throw new TypeError('Failed to fetch');
      return agency(files)(url, init);
    };
    const db = await openDb();
    const report = await pollResource('magnetic-field', {
      ...deps(db, fetch, 'http://api.test', clock),
    });
    expect(report).toMatchObject({ outcome: 'updated', via: 'swpc', error: null });
    expect(calls.at(-1)).toBe('https://services.swpc.noaa.gov/json/rtsw/rtsw_mag_1m.json');
  });

  it('stores what separate polls store when a poll round travels as one exchange', async () => {
    const clock = { now: NOW };
    const files = new Map([
      ['json/rtsw/rtsw_mag_1m.json', constructed('rtsw_mag_1m.json')],
      ['json/planetary_k_index_1m.json', constructed('planetary_k_index_1m.json')],
      ['json/ovation_aurora_latest.json', constructed('ovation_aurora_latest.json')],
    ]);
    const round: Resource[] = ['magnetic-field', 'kp-1m', 'aurora-oval'];
    const server = backend(files, clock);
    const viaBackend = await openDb();
    const one = deps(viaBackend, server.fetch, 'http://api.test', clock);
    const reports = await Promise.all(round.map((r) => pollResource(r, one)));
    expect(reports.map((r) => [r.resource, r.outcome, r.error])).toEqual(
      round.map((r) => [r, 'updated', null]),
    );
    expect(server.urls).toHaveLength(1);
    expect(server.urls[0]).toMatch(/\/space-weather\/multi\?/);
    const direct = await openDb();
    for (const r of round) await pollResource(r, deps(direct, agency(files), null, clock));
    expect(await stored(viaBackend)).toEqual(await stored(direct));
  });
});
