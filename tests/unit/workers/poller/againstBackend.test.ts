/**
 * The poller against the real space-weather function (supabase/functions/space-weather), in
 * process: the agency is unreachable, so the function answers from its recorded real files; the
 * poller stores the data, marks it as a replay (stale, never "frozen"), and the next poll is a
 * conditional request answered 304.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { readFeedStatus } from '../../../../sync/write.ts';
import {
  createServiceFromEnv,
  createSpaceWeatherHandler,
} from '../../../../supabase/functions/space-weather/handler.ts';
import { databaseStore } from '../../../../workers/poller/store.ts';
import { pollResource } from '../../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import type { FetchLike } from '../../../../workers/request/requestWithRetry.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
});

describe('the poller and the backend space-weather function', () => {
  it('stores the backend replay of recorded files, labels it, and revalidates with 304', async () => {
    db = await openDatabase({ storage: 'memory', name: `backend-${process.pid}-${Date.now()}` });
    const agencyDown = (() =>
      Promise.reject(
        new TypeError('getaddrinfo ENOTFOUND services.swpc.noaa.gov'),
      )) as typeof fetch;
    const service = createServiceFromEnv({ fetch: agencyDown });
    const handler = createSpaceWeatherHandler(() => service);
    const requests: { url: string; ifNoneMatch: string | null; status: number }[] = [];
    const viaHandler: FetchLike = async (url, init) => {
      const request = new Request(url, init);
      const response = await handler(request);
      requests.push({
        url,
        ifNoneMatch: request.headers.get('if-none-match'),
        status: response.status,
      });
      return response;
    };
    const now = Date.UTC(2026, 10, 22, 5, 0);
    const deps = {
      fetch: viaHandler,
      backendBase: 'http://localhost:54321',
      store: databaseStore(db),
      now: () => now,
      inFlight: createInFlight(),
      batcher: createBatcher(),
    };

    const first = await pollResource('kp-forecast', deps);
    expect(first.error).toBeNull();
    expect(first).toMatchObject({ outcome: 'updated', via: 'backend' });
    const status = await readFeedStatus(db, 'kp-forecast');
    expect(status).toMatchObject({ replay: true, state: 'stale', error: null });
    expect(status?.etag).toBeTruthy();
    expect((await db.products.findOne('kp-forecast').exec())?.kind).toBe('kp-forecast');

    const second = await pollResource('kp-forecast', deps);
    expect(second.outcome).toBe('unchanged');
    expect(requests.map((r) => r.status)).toEqual([200, 304]);
    expect(requests[1]?.ifNoneMatch).toBe(status?.etag);
    expect(requests[0]?.url).toBe('http://localhost:54321/functions/v1/space-weather/kp-forecast');
  });
});
