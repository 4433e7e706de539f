import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import {
  backoffDelay,
  classifyResponse,
  enqueueRequest,
  installReplayTriggers,
  nextAttemptAt,
  replayQueue,
} from '../../../../sync/queue/index.ts';
import { PAGE_BACKGROUND_SYNC_EVENT } from '../../../../sync/queue/installReplayTriggers.ts';
import {
  apiErrorStore,
  reportApiError,
  retryApiErrors,
  setRetryHandler,
} from '../../../../src/lib/apiErrors.ts';
import { startIdempotentServer, type IdempotentServer } from '../../../support/idempotentServer.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

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
    server.reset();
  });

  it('keeps a refused request out of the retries, with the server’s reason', async () => {
    db = await openTestDatabase();
    const doc = await enqueueRequest(
      { target: '/x', method: 'POST', body: { a: 1 } },
      { db, now: 0 },
    );
    server.failNext(1, 422);
    expect(await replayQueue({ db, fetch, baseUrl: server.url, force: true })).toEqual({
      sent: 0,
      failed: 1,
      rejected: 1,
      remaining: 0,
    });
    expect(await db.queue.findOne(doc.id).exec()).toMatchObject({
      state: 'rejected',
      lastError: 'HTTP 422: try later',
    });
    expect(await replayQueue({ db, fetch, baseUrl: server.url, force: true })).toEqual({
      sent: 0,
      failed: 0,
      rejected: 0,
      remaining: 0,
    });
    expect(server.deliveries).toHaveLength(1);
  });

  it('keeps the first copy when the same idempotency key is queued twice', async () => {
    db = await openTestDatabase();
    await enqueueRequest(
      { target: '/x', method: 'PATCH', body: { v: 1 }, idempotencyKey: 'k1' },
      { db },
    );
    const again = await enqueueRequest(
      { target: '/x', method: 'PATCH', body: { v: 2 }, idempotencyKey: 'k1' },
      { db },
    );
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
      for (let i = 0; i < 200 && server.effects.size < n; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(server.effects.size).toBe(n);
    };

    await enqueueRequest(
      { target: '/a', method: 'POST', body: 1 },
      { db, now: Date.now() + 3_600_000 },
    );
    events.dispatchEvent(new Event('online'));
    await waitForEffects(1);

    await enqueueRequest(
      { target: '/b', method: 'POST', body: 2 },
      { db, now: Date.now() + 3_600_000 },
    );
    server.failNext(1, 503);
    expect(await retry!()).toEqual({ failed: 1 });
    expect(await retry!()).toEqual({ failed: 0 });
    await waitForEffects(2);

    await enqueueRequest(
      { target: '/c', method: 'POST', body: 3 },
      { db, now: Date.now() + 3_600_000 },
    );
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-aurora-data' } }));
    await waitForEffects(3);

    stop();
    expect(retry).toBeNull();
    await enqueueRequest({ target: '/d', method: 'POST', body: 4 }, { db });
    events.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.effects.size).toBe(3);
  });

  it('holds the queue under Go Offline — no trigger sends anything, Retry counts it as still failed — and replays when Go Online comes', async () => {
    db = await openTestDatabase();
    const events = new EventTarget();
    const sw = new EventTarget();
    let forced = true;
    let resume: (() => void) | null = null;
    let retry: (() => Promise<{ failed: number }>) | null = null;
    const sent: string[] = [];
    const stop = installReplayTriggers({
      db,
      fetch: (url, init) => {
        sent.push(url);
        return fetch(url, init);
      },
      baseUrl: server.url,
      events,
      serviceWorker: sw,
      paused: () => forced,
      resumed: (fn) => {
        resume = fn;
        return () => (resume = null);
      },
      setRetryHandler: (fn) => {
        retry = fn;
        return () => (retry = null);
      },
    });
    await enqueueRequest({ target: '/held', method: 'POST', body: 1 }, { db });
    events.dispatchEvent(new Event('online'));
    events.dispatchEvent(new Event(PAGE_BACKGROUND_SYNC_EVENT));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-aurora-data' } }));
    expect(await retry!()).toEqual({ failed: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual([]);

    forced = false;
    resume!();
    for (let i = 0; i < 200 && server.effects.size < 1; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(server.effects.size).toBe(1);
    expect(sent).toEqual([`${server.url}/held`]);
    stop();
    expect(resume).toBeNull();
  });

  it('answers reconnect, the SW message, its page event and Retry arriving together with one replay, one request at a time', async () => {
    db = await openTestDatabase();
    // Queued offline earlier, their back-off still running: only the forced triggers send them now.
    for (let i = 0; i < 4; i++)
      await enqueueRequest(
        { target: `/r${i}`, method: 'POST', body: i },
        { db, now: Date.now() + 3_600_000 },
      );
    const events = new EventTarget();
    const sw = new EventTarget();
    let retry: (() => Promise<{ failed: number }>) | null = null;
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
    });
    server.delayMs = 20;
    server.failNext(1, 503);
    // Coming back online: the browser fires `online`, the SW's background sync posts its message and
    // the PWA layer re-fires it as a page event; the person presses Retry on the banner.
    events.dispatchEvent(new Event('online'));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync-aurora-data' } }));
    events.dispatchEvent(new Event(PAGE_BACKGROUND_SYNC_EVENT));
    expect(await retry!()).toEqual({ failed: 1 });
    // One run answered all four: each request went out once, never two at the same time.
    expect(server.deliveries).toHaveLength(4);
    expect(new Set(server.deliveries).size).toBe(4);
    expect(server.maxInFlight).toBe(1);
    expect(server.effects.size).toBe(3);
    // The one that failed goes on the next Retry, and takes effect once.
    expect(await retry!()).toEqual({ failed: 0 });
    expect(server.deliveries).toHaveLength(5);
    expect(server.effects.size).toBe(4);
    stop();
  });

  it('makes the error banner say when requests still failed after Retry, and clears it when they went', async () => {
    db = await openTestDatabase();
    setRetryHandler(null);
    let runs = 0;
    const stop = installReplayTriggers({
      db,
      fetch,
      baseUrl: server.url,
      events: new EventTarget(),
      serviceWorker: null,
      setRetryHandler,
      onResult: () => runs++,
    });
    await expect.poll(() => runs).toBe(1);
    // Made offline, their back-off still running; the server will refuse the first one for now.
    for (const a of [1, 2])
      await enqueueRequest(
        { target: '/functions/v1/push-subscription', method: 'POST', body: { a } },
        { db, now: Date.now() + 60_000 },
      );
    server.failNext(1, 503);
    reportApiError('Failed to refresh data: push — Network error: Failed to fetch');
    await retryApiErrors();
    expect(apiErrorStore.get()).toMatchObject({
      retrying: false,
      retryMessage: 'Some requests still failed. Please try again later.',
    });
    expect(server.effects.size).toBe(1);
    await retryApiErrors();
    expect(apiErrorStore.get()).toMatchObject({
      messages: [],
      retryMessage: null,
      retrying: false,
    });
    expect(server.effects.size).toBe(2);
    expect(server.deliveries).toHaveLength(3);
    stop();
    setRetryHandler(null);
  });
});
