import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { enqueueRequest, replayQueue } from '../../../sync/queue/index.ts';
import type { LockManagerLike } from '../../../sync/queue/replayQueue.ts';
import { startIdempotentServer, type IdempotentServer } from '../../support/idempotentServer.ts';

let server: IdempotentServer;
let db: AuroraDatabase | undefined;
let n = 0;
const name = () => `queue-it-${process.pid}-${++n}`;

beforeAll(async () => {
  server = await startIdempotentServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
  server.reset();
});

/**
 * navigator.locks as browsers implement it for one origin (exclusive, granted in request order),
 * shared by the "tabs" below: Node 20 has no Web Locks.
 */
function originLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const run = (tails.get(name) ?? Promise.resolve()).catch(() => undefined).then(callback);
      tails.set(name, run);
      return run;
    },
  };
}

async function enqueueHundred(d: AuroraDatabase, t0: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < 100; i++) {
    const doc = await enqueueRequest(
      { target: '/functions/v1/push-subscription', method: 'POST', body: { i } },
      { db: d, now: t0 + i },
    );
    keys.push(doc.id);
  }
  return keys;
}

describe('the request queue on IndexedDB (Dexie, fake-indexeddb)', () => {
  it('keeps 100 queued requests across closing and reopening the database', async () => {
    const dbName = name();
    db = await openDatabase({ name: dbName, storage: 'dexie', multiInstance: false });
    const keys = await enqueueHundred(db, 1_000);
    await db.close();
    db = await openDatabase({ name: dbName, storage: 'dexie', multiInstance: false });
    const stored = await db.queue.find({ sort: [{ createdAt: 'asc' }] }).exec();
    expect(stored.map((d) => d.id)).toEqual(keys);
    expect(stored[42]!.body).toBe('{"i":42}');
    expect(stored[42]!.headers['content-type']).toBe('application/json');
    const result = await replayQueue({ db, fetch, baseUrl: server.url, force: true });
    expect(result).toEqual({ sent: 100, failed: 0, rejected: 0, remaining: 0 });
    expect([...server.effects.keys()]).toEqual(keys);
  });

  it('makes each request take effect exactly once when a replay is cut off half-way and resumed', async () => {
    const dbName = name();
    db = await openDatabase({ name: dbName, storage: 'dexie', multiInstance: false });
    const keys = await enqueueHundred(db, 1_000);
    const first = db;
    let calls = 0;
    // The tab closes right after the server applied the 50th request, before the page saw the answer.
    const dyingFetch = async (url: string, init: RequestInit) => {
      const res = await fetch(url, init);
      if (++calls === 50) {
        await first.close();
        throw new Error('the tab was closed');
      }
      return res;
    };
    await expect(
      replayQueue({ db: first, fetch: dyingFetch, baseUrl: server.url, force: true }),
    ).rejects.toThrow();
    expect(server.effects.size).toBe(50);

    db = await openDatabase({ name: dbName, storage: 'dexie', multiInstance: false });
    expect(await db.queue.count().exec()).toBe(51);
    const result = await replayQueue({ db, fetch, baseUrl: server.url, force: true });
    expect(result).toMatchObject({ sent: 51, failed: 0, remaining: 0 });
    // The 50th was delivered twice but took effect once; every request took effect exactly once.
    expect(server.deliveries.filter((k) => k === keys[49])).toHaveLength(2);
    expect(server.deliveries).toHaveLength(101);
    expect([...server.effects.keys()]).toEqual(keys);
    expect(JSON.parse(server.effects.get(keys[99]!)!)).toEqual({ i: 99 });
  });

  it('backs off after a failure and sends again when due', async () => {
    db = await openDatabase({ name: name(), storage: 'dexie', multiInstance: false });
    const [key] = await enqueueHundred(db, 0).then((k) => k.slice(0, 1));
    await db.queue.find({ selector: { id: { $ne: key } } }).remove();
    server.failNext(1, 503);
    const failed = await replayQueue({ db, fetch, baseUrl: server.url, now: () => 10_000 });
    expect(failed).toEqual({ sent: 0, failed: 1, rejected: 0, remaining: 1 });
    const doc = await db.queue.findOne(key).exec();
    expect(doc).toMatchObject({
      attempts: 1,
      nextAttempt: 15_000,
      lastError: 'HTTP 503: try later',
    });
    expect(await replayQueue({ db, fetch, baseUrl: server.url, now: () => 14_999 })).toMatchObject({
      sent: 0,
      failed: 0,
      remaining: 1,
    });
    expect(await replayQueue({ db, fetch, baseUrl: server.url, now: () => 15_000 })).toMatchObject({
      sent: 1,
      remaining: 0,
    });
    expect(server.effects.size).toBe(1);
  });

  it('lets two tabs replaying the same queue at once send each request once, one at a time', async () => {
    const dbName = name();
    db = await openDatabase({
      name: dbName,
      storage: 'dexie',
      multiInstance: true,
      ignoreDuplicate: true,
    });
    const other = await openDatabase({
      name: dbName,
      storage: 'dexie',
      multiInstance: true,
      ignoreDuplicate: true,
    });
    try {
      const keys = await enqueueHundred(db, 1_000);
      server.delayMs = 2;
      const locks = originLocks();
      // Both tabs see `online` at the same moment.
      const [a, b] = await Promise.all([
        replayQueue({ db, fetch, baseUrl: server.url, force: true, locks }),
        replayQueue({ db: other, fetch, baseUrl: server.url, force: true, locks }),
      ]);
      expect(a.sent + b.sent).toBe(100);
      expect(server.maxInFlight).toBe(1);
      expect(server.deliveries).toEqual(keys);
      expect([...server.effects.keys()]).toEqual(keys);
    } finally {
      await other.close();
    }
  }, 60_000);
});
