/**
 * The poller's SDO source against the real sdo-image function, in process: NASA's host is a
 * stand-in serving real (generated) JPEG bytes; the stored image URLs point at our own origin, the
 * image time is upstream's Last-Modified, and with the host gone the kept frames are replayed and
 * the feed says so.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { readFeedStatus } from '../../../sync/write.ts';
import { createSdoImageHandler } from '../../../supabase/functions/sdo-image/handler.ts';
import { SdoImageService } from '../../../supabase/functions/sdo-image/service.ts';
import type { SdoImagesData } from '../../../core/normalise/index.ts';
import { databaseStore } from '../../../workers/poller/store.ts';
import { pollResource } from '../../../workers/poller/pollResource.ts';
import { createBatcher } from '../../../workers/request/batcher.ts';
import { createInFlight } from '../../../workers/request/inFlight.ts';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';

const FRAME = new Uint8Array(
  readFileSync(new URL('../../fixtures/sdo/sun-0171-a.jpg', import.meta.url)),
);
const BACKEND = 'http://localhost:54321';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
});

describe('the poller and the backend sdo-image function', () => {
  it('stores image URLs on our own origin with the upstream image time, and marks kept frames replayed when the host is gone', async () => {
    db = await openDatabase({
      storage: 'memory',
      name: `sdo-backend-${process.pid}-${Date.now()}`,
    });
    let hostUp = true;
    const nasaCalls: string[] = [];
    const nasa = (async (input: RequestInfo | URL) => {
      nasaCalls.push(String(input));
      if (!hostUp) throw new TypeError('getaddrinfo ENOTFOUND sdo.invalid');
      return new Response(FRAME.slice(), {
        headers: { 'content-type': 'image/jpeg', 'last-modified': 'Sun, 22 Nov 2026 04:12:05 GMT' },
      });
    }) as typeof fetch;
    let now = Date.UTC(2026, 10, 22, 5, 0);
    const handler = createSdoImageHandler(() => service);
    const service = new SdoImageService({
      baseUrl: 'https://sdo.invalid',
      fetch: nasa,
      now: () => now,
    });
    const pageRequests: string[] = [];
    const viaBackend: FetchLike = async (url, init) => {
      pageRequests.push(url);
      if (!url.startsWith(`${BACKEND}/functions/v1/sdo-image/`))
        throw new TypeError(`unexpected request to ${url}`);
      return handler(new Request(url, init));
    };
    const deps = {
      fetch: viaBackend,
      backendBase: BACKEND,
      store: databaseStore(db),
      now: () => now,
      inFlight: createInFlight(),
      batcher: createBatcher(),
    };

    const first = await pollResource('sdo-images', deps);
    expect(first.error).toBeNull();
    // One list request for the eight channels; the function asked NASA for each.
    expect(pageRequests).toEqual([`${BACKEND}/functions/v1/sdo-image/list`]);
    expect(nasaCalls).toHaveLength(8);
    expect(nasaCalls).toContain('https://sdo.invalid/assets/img/latest/latest_1024_0171.jpg');
    const product = await db.products.findOne('sdo-images').exec();
    const images = (product?.data as SdoImagesData).images;
    expect(images.map((i) => i.url).sort()).toEqual(
      ['0131', '0171', '0193', '0211', '0304', '1600', 'HMIB', 'HMIIC'].map(
        (c) => `${BACKEND}/functions/v1/sdo-image/${c}`,
      ),
    );
    expect(images.every((i) => i.time === Date.UTC(2026, 10, 22, 4, 12, 5))).toBe(true);
    expect(await readFeedStatus(db, 'sdo-images')).toMatchObject({ replay: false, error: null });

    // Nothing changed upstream: the list answers 304 to the ETag the feed row keeps.
    now += 16 * 60_000;
    const unchanged = await pollResource('sdo-images', deps);
    expect(unchanged).toMatchObject({ outcome: 'unchanged', error: null });
    expect(nasaCalls).toHaveLength(16);

    hostUp = false;
    now += 16 * 60_000;
    const second = await pollResource('sdo-images', deps);
    expect(second.error).toBeNull();
    expect(await readFeedStatus(db, 'sdo-images')).toMatchObject({
      replay: true,
      error: null,
      dataTime: Date.UTC(2026, 10, 22, 4, 12, 5),
    });
  });

  it('asks an older backend without the list with a HEAD per channel', async () => {
    db = await openDatabase({ storage: 'memory', name: `sdo-old-${process.pid}-${Date.now()}` });
    const now = Date.UTC(2026, 10, 22, 5, 0);
    const service = new SdoImageService({
      baseUrl: 'https://sdo.invalid',
      fetch: (async () =>
        new Response(FRAME.slice(), {
          headers: {
            'content-type': 'image/jpeg',
            'last-modified': 'Sun, 22 Nov 2026 04:12:05 GMT',
          },
        })) as typeof fetch,
      now: () => now,
    });
    const handler = createSdoImageHandler(() => service);
    const seen: string[] = [];
    const olderBackend: FetchLike = async (url, init) => {
      seen.push(`${init.method ?? 'GET'} ${url.slice(BACKEND.length)}`);
      // Before the list: `list` was an unknown channel.
      if (url.endsWith('/sdo-image/list'))
        return new Response('{"error":"Unknown SDO channel"}', {
          status: 404,
          statusText: 'Not Found',
        });
      return handler(new Request(url, init));
    };
    const report = await pollResource('sdo-images', {
      fetch: olderBackend,
      backendBase: BACKEND,
      store: databaseStore(db),
      now: () => now,
      inFlight: createInFlight(),
      batcher: createBatcher(),
    });
    expect(report.error).toBeNull();
    expect(seen[0]).toBe('GET /functions/v1/sdo-image/list');
    expect(seen.slice(1).filter((s) => s.startsWith('HEAD /functions/v1/sdo-image/'))).toHaveLength(
      8,
    );
    const product = await db.products.findOne('sdo-images').exec();
    expect(
      (product?.data as SdoImagesData).images.every(
        (i) => i.time === Date.UTC(2026, 10, 22, 4, 12, 5),
      ),
    ).toBe(true);
  });
});
