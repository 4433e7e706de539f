/**
 * RxDB's memory storage with a storage budget, standing for a device whose storage is full: a
 * write that would leave more than `budget.bytes` stored across every collection (documents and
 * tombstones, as JSON) is refused with the error a browser raises, a `QuotaExceededError`
 * DOMException. Deleting documents and purging their tombstones makes room, as it does on a
 * device. Lower `budget.bytes` during a test to fill the device up.
 */
import type { RxStorage, RxStorageInstanceCreationParams } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';

export interface StorageBudget {
  bytes: number;
  /** How many writes were refused for want of space. */
  refused: number;
}

interface Stored {
  bytes: number;
  deleted: boolean;
}

export function storageWithBudget(budget: StorageBudget): {
  storage: RxStorage<unknown, unknown>;
  /** Bytes stored now, documents and tombstones. */
  used(): number;
} {
  const base = getRxStorageMemory() as unknown as RxStorage<unknown, unknown>;
  // The memory storage applies writes lazily, so what is stored is tracked here, per collection.
  const collections = new Map<string, Map<string, Stored>>();
  const used = () => {
    let total = 0;
    for (const docs of collections.values()) for (const d of docs.values()) total += d.bytes;
    return total;
  };
  const storage: RxStorage<unknown, unknown> = {
    ...base,
    async createStorageInstance<T>(params: RxStorageInstanceCreationParams<T, unknown>) {
      const instance = await base.createStorageInstance(params);
      const key = `${params.databaseName}/${params.collectionName}`;
      const docs = collections.get(key) ?? new Map<string, Stored>();
      collections.set(key, docs);
      const primary = params.schema.primaryKey as string;
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = async (rows, context) => {
        const next = new Map<string, Stored>();
        let after = used();
        for (const row of rows) {
          const doc = row.document as Record<string, unknown>;
          const id = String(doc[primary]);
          const stored = { bytes: JSON.stringify(doc).length, deleted: doc['_deleted'] === true };
          const before = next.get(id) ?? docs.get(id);
          after += stored.bytes - (before?.bytes ?? 0);
          next.set(id, stored);
        }
        if (after > budget.bytes) {
          budget.refused++;
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        const result = await bulkWrite(rows, context);
        const failed = new Set(
          result.error.map((e) => String((e as { documentId: string }).documentId)),
        );
        for (const [id, stored] of next) if (!failed.has(id)) docs.set(id, stored);
        return result;
      };
      const cleanup = instance.cleanup.bind(instance);
      instance.cleanup = async (minimumDeletedTime) => {
        const done = await cleanup(minimumDeletedTime);
        for (const [id, stored] of docs) if (stored.deleted) docs.delete(id);
        return done;
      };
      const remove = instance.remove.bind(instance);
      instance.remove = () => {
        docs.clear();
        return remove();
      };
      return instance;
    },
  };
  return { storage, used };
}
