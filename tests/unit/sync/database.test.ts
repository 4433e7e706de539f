import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../core/model.ts';
import { getDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { writeFeedStatus } from '../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';
import { feedStatus } from '../../support/feedStatus.ts';

let db: AuroraDatabase | undefined;

afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

describe('openDatabase', () => {
  it('opens all seven collections, one after another', async () => {
    db = await openTestDatabase();
    expect(Object.keys(db.collections).sort()).toEqual([
      'feeds',
      'grids',
      'places',
      'preferences',
      'products',
      'queue',
      'series',
    ]);
  });

  it('re-reads a live query once for a burst of writes, not once per write', async () => {
    db = await openTestDatabase();
    const emitted: number[] = [];
    const sub = db.feeds.find().$.subscribe((docs) => emitted.push(docs.length));
    await expect.poll(() => emitted).toEqual([0]);

    // The poller's first round writes several feed rows, each reaching the page in a task of its
    // own (a broadcast message from the worker).
    const ids = RESOURCES.slice(0, 6);
    const database = db;
    await Promise.all(
      ids.map(
        (id) =>
          new Promise((written) =>
            setTimeout(() => void writeFeedStatus(database, feedStatus(id)).then(written), 0),
          ),
      ),
    );
    await expect.poll(() => emitted.at(-1)).toBe(ids.length);
    sub.unsubscribe();

    // Without coalescing, each write's change event re-ran the query and emitted: 0, 1, 2, … 6.
    expect(emitted.length).toBeLessThan(ids.length + 1);
  });
});

describe('getDatabase', () => {
  it('starts opening the page database in a task after its caller’s, so the first render’s effects are not also RxDB’s start', async () => {
    // A first open loads RxDB's modules (dev-mode, validation): afterwards an open with nothing
    // left to load runs on microtasks alone, which never end the caller's task.
    await disposeTestDatabase(await openTestDatabase());
    const memory = (await import('rxdb/plugins/storage-memory')).getRxStorageMemory();
    let callerTaskOver = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      callerTaskOver = true;
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    const firstAsked: boolean[] = [];
    const storage: typeof memory = {
      ...memory,
      createStorageInstance: (params) => {
        firstAsked.push(callerTaskOver);
        return memory.createStorageInstance(params);
      },
    };
    db = await getDatabase({ storage, name: `page-${process.pid}-${Date.now()}` });
    expect(firstAsked[0]).toBe(true);
  });
});
