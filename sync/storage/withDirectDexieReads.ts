import type {
  RxDocumentData,
  RxStorage,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
} from 'rxdb';
import { fromDexieToStorage, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';

/**
 * RxDB's Dexie storage reads documents by id inside an explicit Dexie transaction, and a Dexie
 * transaction's promise settles only once IndexedDB has *committed* it: an extra round trip to the
 * IndexedDB backend after the rows have already arrived. A single `bulkGet` is atomic on its own
 * (Dexie runs it in an implicit read transaction and answers as soon as the rows are there), so
 * this wrapper reads by id that way, with the storage's own row conversion and deleted-filter —
 * the same result, about 1 ms sooner per call in Chromium (tests/bench/sync.bench.ts).
 *
 * Everything else (queries, writes, changes, cleanup) is the Dexie storage's own. It relies on the
 * Dexie instance's `internals` (rxdb 17); tests/unit/sync/storage/directDexieReads.test.ts holds it to the
 * original's answers, so an rxdb upgrade that changes them fails there, not in the app.
 */
export function withDirectDexieReads<Internals, Options>(
  storage: RxStorage<Internals, Options>,
): RxStorage<Internals, Options> {
  return {
    ...storage,
    async createStorageInstance<RxDocType>(
      params: RxStorageInstanceCreationParams<RxDocType, Options>,
    ) {
      const instance = (await storage.createStorageInstance<RxDocType>(
        params,
      )) as RxStorageInstance<RxDocType, Internals, Options>;
      const dexie = instance as unknown as RxStorageInstanceDexie<RxDocType>;
      const original = instance.findDocumentsById.bind(instance);
      instance.findDocumentsById = async (
        ids: string[],
        withDeleted: boolean,
      ): Promise<RxDocumentData<RxDocType>[]> => {
        // A closed instance answers as the original does (it throws a clear error).
        if (dexie.closed || !dexie.internals) return original(ids, withDeleted);
        const state = await dexie.internals;
        const rows = await state.dexieTable.bulkGet(ids);
        const docs: RxDocumentData<RxDocType>[] = [];
        for (const row of rows) {
          if (!row) continue;
          const doc = fromDexieToStorage(state.booleanIndexes, row) as RxDocumentData<RxDocType>;
          if (!doc._deleted || withDeleted) docs.push(doc);
        }
        return docs;
      };
      return instance;
    },
  } as RxStorage<Internals, Options>;
}
