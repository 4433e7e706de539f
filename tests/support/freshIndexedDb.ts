/**
 * A new, empty in-memory IndexedDB (fake-indexeddb) made the global `indexedDB`: `idb`'s `openDB`,
 * which opens `aurora-tracking-db` (sync/trackingDb/openAuroraTrackingDb.ts), takes no factory and
 * opens the global one. Returned too, for the page's Dexie side to open the same databases.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';

export function freshIndexedDb(): IDBFactory {
  const factory = new IDBFactory();
  globalThis.indexedDB = factory;
  return factory;
}
