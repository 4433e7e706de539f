import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { enqueueRequest } from '../../../../sync/queue/enqueueRequest.ts';
import { whenQueued } from '../../../../sync/queue/whenQueued.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

/** Whether `promise` has settled once the database's pending work has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 5));
  return done;
}

describe('the request queue’s replay is loaded', () => {
  it('not while nothing is queued (a first visit), nor for a request the server refused', async () => {
    db = await openTestDatabase();
    await db.queue.bulkInsert([
      {
        id: 'refused',
        target: '/functions/v1/push-subscription',
        method: 'POST',
        body: null,
        headers: {},
        createdAt: 1,
        attempts: 1,
        nextAttempt: 1,
        lastError: '400',
        state: 'rejected',
      },
    ]);
    expect(await settled(whenQueued(db))).toBe(false);
  });

  it('at once when a request is left from an earlier session', async () => {
    db = await openTestDatabase();
    await enqueueRequest({ target: '/functions/v1/push-subscription', method: 'POST' }, { db });
    expect(await settled(whenQueued(db))).toBe(true);
  });

  it('as soon as a request is queued later', async () => {
    db = await openTestDatabase();
    const queued = whenQueued(db);
    expect(await settled(queued)).toBe(false);
    await enqueueRequest({ target: '/functions/v1/push-subscription', method: 'DELETE' }, { db });
    expect(await settled(queued)).toBe(true);
  });
});
