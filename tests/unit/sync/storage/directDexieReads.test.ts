// RxDB's real Dexie storage on fake-indexeddb: the wrapper must answer exactly as the storage does.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RxStorageInstance } from 'rxdb';
import { getRxStorageDexie, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import type { ProductRecord } from '../../../../core/model.ts';
import { writeProducts } from '../../../../sync/write.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

/** The same collection through RxDB's own Dexie storage instance, unwrapped. */
async function originalInstance(d: AuroraDatabase) {
  return (await getRxStorageDexie().createStorageInstance({
    databaseInstanceToken: d.token,
    databaseName: d.name,
    collectionName: 'products',
    schema: d.products.schema.jsonSchema,
    options: {},
    multiInstance: false,
    devMode: false,
  })) as unknown as RxStorageInstance<unknown, unknown, unknown> & RxStorageInstanceDexie<unknown>;
}

describe('withDirectDexieReads', () => {
  it('reads by id as the Dexie storage does — live, deleted and missing ids — without a transaction to wait for', async () => {
    db = await openDatabase({
      storage: 'dexie',
      name: `direct-reads-${process.pid}-${Date.now()}`,
      multiInstance: false,
    });
    const now = Date.now();
    const records: ProductRecord[] = ['a', 'b', 'c'].map((n, i) => ({
      id: `alert/${n}/${now}`,
      kind: 'alert',
      issued: now + i,
      data: { n },
      raw: `ALERT ${n}`,
    }));
    await writeProducts(db, records, { fetchedAt: now });
    await db.products.findOne(records[1]!.id).remove();
    const ids = [records[2]!.id, 'no/such/id', records[1]!.id, records[0]!.id];

    const original = await originalInstance(db);
    try {
      const state = await original.internals;
      let transactions = 0;
      const transaction = state.dexieDb.transaction.bind(state.dexieDb);
      (state.dexieDb as { transaction: unknown }).transaction = (...args: unknown[]) => {
        transactions += 1;
        return (transaction as (...a: unknown[]) => unknown)(...args);
      };
      for (const withDeleted of [false, true]) {
        const expected = await original.findDocumentsById(ids, withDeleted);
        const before = transactions;
        const actual = await db.products.storageInstance.findDocumentsById(ids, withDeleted);
        // The wrapped read opened no explicit transaction (the original opened one per call)…
        expect(transactions, 'explicit transactions during the wrapped read').toBe(before);
        // …and gave the same documents in the same order, tombstones only when asked for.
        expect(actual).toEqual(expected);
        expect(actual.map((d) => (d as { id: string }).id)).toEqual(
          withDeleted
            ? [records[2]!.id, records[1]!.id, records[0]!.id]
            : [records[2]!.id, records[0]!.id],
        );
      }
      expect(transactions).toBe(2);
    } finally {
      await original.close();
    }
    // RxDB's own reads go through it: findByIds sees the live documents only.
    const found = await db.products.findByIds(ids).exec();
    expect([...found.keys()].sort()).toEqual([records[0]!.id, records[2]!.id].sort());
  });
});
