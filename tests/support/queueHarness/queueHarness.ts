/**
 * A page standing for one tab of the app: it opens the app's database (RxDB on IndexedDB) and
 * queues or replays requests exactly as the app does, with the browser's own Web Locks.
 */
import { openDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { enqueueRequest, replayQueue, type ReplayResult } from '../../../sync/queue/index.ts';

let db: AuroraDatabase | null = null;

const queueHarness = {
  async open(name: string): Promise<void> {
    db = await openDatabase({ name });
  },
  async enqueue(count: number): Promise<string[]> {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const doc = await enqueueRequest(
        { target: '/api/effect', method: 'POST', body: { i } },
        { db: db!, now: 1_000 + i },
      );
      keys.push(doc.id);
    }
    return keys;
  },
  replay(): Promise<ReplayResult> {
    return replayQueue({
      db: db!,
      fetch: (url, init) => fetch(url, init),
      baseUrl: location.origin,
      force: true,
    });
  },
  hasWebLocks(): boolean {
    return typeof navigator.locks?.request === 'function';
  },
};

(globalThis as { queueHarness?: typeof queueHarness }).queueHarness = queueHarness;
