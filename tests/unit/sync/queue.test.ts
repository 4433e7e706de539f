import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { backoffDelay, classifyResponse, enqueueRequest, installReplayTriggers, nextAttemptAt, replayQueue } from '../../../sync/queue/index.ts';
import { startIdempotentServer, type IdempotentServer } from '../../integration/sync/idempotentServer.ts';
import { disposeTestDatabase, openTestDatabase } from './testDb.ts';

describe('back-off and answers', () => {
  it('doubles the delay from 5 s and caps it at 30 minutes', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffDelay(20)).toBe(30 * 60_000);
    expect(nextAttemptAt(2, 1_000)).toBe(11_000);
  });

  it('retries what may succeed later and gives up on refusals', () => {
    expect([200, 201, 204].map(classifyResponse)).toEqual(['done', 'done', 'done']);
    expect([401, 408, 409, 429, 500, 503].map(classifyResponse)).toEqual(Array(6).fill('retry'));
    expect([400, 403, 404, 422].map(classifyResponse)).toEqual(Array(4).fill('rejected'));
  });
});

describe('replay', () => {
  let server: IdempotentServer;
  let db: AuroraDatabase | undefined;
  beforeAll(async () => {
    server = await startIdempotentServer();
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await disposeTestDatabase(db);
    db = undefined;
    server.effects.clear();
    server.deliveries.length = 0;
  });

  it('keeps a refused request out of the retries, with the server’s reason', async () => {
    db = await openTestDatabase();
    const doc = await enqueueRequest({ target: '/x', method: 'POST', body: { a: 1 } }, { db, now: 0 });
    server.failNext(1, 422);
    expect(await replayQueue({ db, fetch, baseUrl: server.url, force: true })).toEqual({ sent: 0, failed: 1, rejected: 1, remaining: 0 });
    expect(await db.queue.findOne(doc.id).exec()).toMatchObject({ state: 'rejected', lastError: 'HTTP 422: try later' });
    expect(await replayQueue({ db, fetch, baseUrl: server.url, force: true })).toEqual({ sent: 0, failed: 0, rejected: 0, remaining: 0 });
    expect(server.deliveries).toHaveLength(1);
  });

  it('keeps the first copy when the same idempotency key is queued twice', async () => {
    db = await openTestDatabase();
    await enqueueRequest({ target: '/x', method: 'PATCH', body: { v: 1 }, idempotencyKey: 'k1' }, { db });
    const again = await enqueueRequest({ target: '/x', method: 'PATCH', body: { v: 2 }, idempotencyKey: 'k1' }, { db });
    expect(again.body).toBe('{"v":1}');
    expect(await db.queue.count().exec()).toBe(1);
  });

  it('replays on reconnect, on Retry and on the service worker’s sync message', async () => {
    db = await openTestDatabase();
    const events = new EventTarget();
    const sw = new EventTarget();
    let retry: (() => Promise<{ failed: number }>) | null = null;
    const results: number[] = [];
    const stop = installReplayTriggers({
      db,
      fetch,
      baseUrl: server.url,
      events,
      serviceWorker: sw,
      setRetryHandler: (fn) => {
        retry = fn;
        return () => (retry = null);
      },
      onResult: (r) => results.push(r.sent),
    });
    const waitForEffects = async (n: number) => {
      for (let i = 0; i < 200 && server.effects.size < n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(server.effects.size).toBe(n);
    };

    await enqueueRequest({ target: '/a', method: 'POST', body: 1 }, { db, now: Date.now() + 3_600_000 });
    events.dispatchEvent(new Event('online'));
    await waitForEffects(1);

    await enqueueRequest({ target: '/b', method: 'POST', body: 2 }, { db, now: Date.now() + 3_600_000 });
    server.failNext(1, 503);
    expect(await retry!()).toEqual({ failed: 1 });
    expect(await retry!()).toEqual({ failed: 0 });
    await waitForEffects(2);

    await enqueueRequest({ target: '/c', method: 'POST', body: 3 }, { db, now: Date.now() + 3_600_000 });
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-aurora-data' } }));
    await waitForEffects(3);

    stop();
    expect(retry).toBeNull();
    await enqueueRequest({ target: '/d', method: 'POST', body: 4 }, { db });
    events.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.effects.size).toBe(3);
  });
});
