import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  browserSinks,
  persistForcedOffline,
} from '../../../../src/lib/network/persistForcedOffline.ts';
import { openAuroraTrackingDb, readForcedOffline } from '../../../../src/sw/auroraTrackingDb.ts';

async function stored(): Promise<boolean> {
  const db = await openAuroraTrackingDb();
  try {
    return await readForcedOffline(db);
  } finally {
    db.close();
  }
}

describe('handing Go Offline to the service worker', () => {
  it('stores the choice where the service worker reads it and tells the running worker, in the order the user toggled', async () => {
    const told: unknown[] = [];
    const sinks = {
      store: browserSinks.store,
      activeWorker: async () => ({ postMessage: (m: unknown) => void told.push(m) }),
    };
    void persistForcedOffline(true, sinks);
    void persistForcedOffline(false, sinks);
    await persistForcedOffline(true, sinks);
    expect(await stored()).toBe(true);
    expect(told).toEqual([
      { type: 'FORCED_OFFLINE', forced: true },
      { type: 'FORCED_OFFLINE', forced: false },
      { type: 'FORCED_OFFLINE', forced: true },
    ]);
    await persistForcedOffline(false, sinks);
    expect(await stored()).toBe(false);
  });

  it('still tells the worker when the choice cannot be stored, and never rejects', async () => {
    const told: unknown[] = [];
    await expect(
      persistForcedOffline(true, {
        store: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
        activeWorker: async () => ({ postMessage: (m: unknown) => void told.push(m) }),
      }),
    ).resolves.toBeUndefined();
    expect(told).toEqual([{ type: 'FORCED_OFFLINE', forced: true }]);
  });
});
