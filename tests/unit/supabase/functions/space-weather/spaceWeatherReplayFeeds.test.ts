/**
 * Alerts and ICAO advisories used to have no copy on the backend: with SWPC unreachable the
 * space-weather function answered 503 and every client went to SWPC straight from the page. Now
 * the function replays its shipped file (alerts constructed by tests/fixtures/swpc/alerts.ts; a
 * hand-written advisory; both labelled so), and the poller takes that answer from our backend without touching SWPC.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../../sync/database.ts';
import { readFeedStatus } from '../../../../../sync/write.ts';
import {
  createServiceFromEnv,
  createSpaceWeatherHandler,
} from '../../../../../supabase/functions/space-weather/handler.ts';
import { databaseStore } from '../../../../../workers/poller/store.ts';
import { pollResource } from '../../../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../../workers/request/inFlight.ts';
import type { FetchLike } from '../../../../../workers/request/requestWithRetry.ts';
import { alertsBody } from '../../../../fixtures/swpc/alerts.ts';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../../fixtures/${path}`, import.meta.url), 'utf8');
const replayFile = (name: string) =>
  readFileSync(
    new URL(`../../../../../supabase/functions/space-weather/replay/${name}`, import.meta.url),
    'utf8',
  );

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
});

function backendWithAgencyDown() {
  const agencyDown = (() =>
    Promise.reject(new TypeError('getaddrinfo ENOTFOUND services.swpc.noaa.gov'))) as typeof fetch;
  const service = createServiceFromEnv({ fetch: agencyDown });
  const handler = createSpaceWeatherHandler(() => service);
  const urls: string[] = [];
  // Anything not addressed to our backend would be the page going to SWPC directly: fail loudly.
  const pageFetch: FetchLike = async (url, init) => {
    urls.push(url);
    if (!url.startsWith('http://localhost:54321/functions/v1/space-weather/'))
      throw new TypeError(`unexpected request to ${url}`);
    return handler(new Request(url, init));
  };
  return { fetch: pageFetch, urls };
}

describe('backend copies of the alert feeds', () => {
  it('ships the constructed alerts byte for byte as their generator writes them, and the hand-written advisory as its documented copy', () => {
    expect(replayFile('alerts.json')).toBe(alertsBody());
    expect(replayFile('icao-space-weather-advisories.json')).toBe(
      fixture('constructed/icao-space-weather-advisories.json'),
    );
  });

  it.each([
    ['alerts', 'alert', 8, '2026-10-04T11:23:41.163Z'],
    ['icao-advisories', 'icao-advisory', 1, '2016-11-08T01:00:00.000Z'],
  ] as const)(
    'stores the backend replay of %s with SWPC unreachable, labelled a replay, without asking SWPC',
    async (resource, kind, count, dataTime) => {
      db = await openDatabase({
        storage: 'memory',
        name: `replay-feeds-${resource}-${process.pid}-${Date.now()}`,
      });
      const backend = backendWithAgencyDown();
      const now = Date.UTC(2026, 10, 22, 5, 0);
      const report = await pollResource(resource, {
        fetch: backend.fetch,
        backendBase: 'http://localhost:54321',
        store: databaseStore(db),
        now: () => now,
        inFlight: createInFlight(),
        batcher: createBatcher(),
      });
      expect(report.error).toBeNull();
      expect(report).toMatchObject({ outcome: 'updated', via: 'backend' });
      expect(backend.urls).toEqual([
        `http://localhost:54321/functions/v1/space-weather/${resource}`,
      ]);
      const status = await readFeedStatus(db, resource);
      expect(status).toMatchObject({
        replay: true,
        state: 'stale',
        error: null,
        dataTime: Date.parse(dataTime),
      });
      expect(await db.products.count({ selector: { kind } }).exec()).toBe(count);
    },
  );
});
