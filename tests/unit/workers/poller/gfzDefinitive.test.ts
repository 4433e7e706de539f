import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { readSeriesColumns } from '../../../../sync/read/readSeriesColumns.ts';
import { createSpaceWeatherHandler } from '../../../../supabase/functions/space-weather/handler.ts';
import { createFileReplayLoader } from '../../../../supabase/functions/space-weather/replay.ts';
import { SpaceWeatherService } from '../../../../supabase/functions/space-weather/service.ts';
import { validateWithNormalise } from '../../../../supabase/functions/space-weather/validate.ts';
import { pollResource, type PollDeps } from '../../../../workers/poller/pollResource.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import { constructKpGfz } from '../../../fixtures/gfz/construct.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const HOUR = 3_600_000;

/**
 * The poller against our own space-weather function in process; GFZ Potsdam (the third party) is
 * a stand-in whose values turn definitive, as GFZ's do at its monthly release.
 */
function setUp() {
  let now = NOW;
  let body = constructKpGfz();
  const service = new SpaceWeatherService({
    baseUrl: 'http://swpc.invalid',
    gfzBaseUrl: 'http://gfz.invalid',
    fetch: (async () =>
      new Response(body, { headers: { 'content-type': 'application/json' } })) as typeof fetch,
    now: () => now,
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
  });
  const handler = createSpaceWeatherHandler(() => service);
  const asked: string[] = [];
  return {
    asked,
    publishDefinitive() {
      const doc = JSON.parse(body) as { status: string[] };
      body = JSON.stringify({ ...doc, status: doc.status.map(() => 'def') });
      now += 2 * HOUR;
    },
    deps(db: AuroraDatabase): PollDeps {
      return {
        fetch: async (url, init) => {
          asked.push(url);
          return handler(new Request(url, init));
        },
        backendBase: 'http://backend.invalid',
        store: databaseStore(db),
        now: () => now,
        inFlight: createInFlight(),
        batcher: createBatcher(),
      };
    },
  };
}

let db: AuroraDatabase | null = null;
afterEach(async () => {
  if (db) await disposeTestDatabase(db);
  db = null;
});

describe('GFZ Kp on the device', () => {
  it('asks again from the oldest nowcast value it holds, so it ends up with the definitive ones', async () => {
    db = await openTestDatabase();
    const gfz = setUp();
    expect((await pollResource('kp-gfz', gfz.deps(db))).outcome).toBe('updated');
    const read = () => readSeriesColumns(db!, 'kp-gfz', { from: NOW - 60 * 24 * HOUR, to: NOW });
    const before = await read();
    const firstNowcast = before.t[before.fields.status!.indexOf(1)]!;
    expect(new Date(firstNowcast).toISOString()).toBe('2026-11-01T00:00:00.000Z');

    gfz.publishDefinitive();
    await pollResource('kp-gfz', gfz.deps(db));
    const since = new URL(
      gfz.asked.at(-1)!.replace('/multi?kp-gfz=', '/kp-gfz?since='),
    ).searchParams.get('since');
    expect(Number(since!.split('.')[0])).toBe(firstNowcast - 1);
    const after = await read();
    expect(after.t).toEqual(before.t);
    expect(new Set(after.fields.status)).toEqual(new Set([2]));
  });
});
