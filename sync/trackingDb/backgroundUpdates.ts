/**
 * The part of `aurora-tracking-db` the service worker and the poller worker share: opening it (its
 * stores created on the way) and the raw products the service worker fetched in the background,
 * which the poller folds into the local database on start (workers/poller/foldBackgroundUpdates.ts).
 * Plain IndexedDB, no RxDB, so the service worker stays small: this folder is the one part of the
 * data layer it may import (eslint.config.js). Names and version: core/alerts/notificationSettings.ts.
 */
import {
  SETTINGS_STORE,
  TRACKING_DB_NAME as DB_NAME,
  TRACKING_DB_VERSION as DB_VERSION,
  UPDATES_STORE,
} from '../../core/alerts/notificationSettings.ts';

const STORES = [UPDATES_STORE, SETTINGS_STORE];

/** One raw product fetched by the worker while the app was closed; the poller folds it in later. */
export interface BackgroundUpdate {
  resource: string;
  url: string;
  fetchedAt: number;
  status: number;
  body: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openAt(factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = version === undefined ? factory.open(DB_NAME) : factory.open(DB_NAME, version);
    req.onupgradeneeded = () => {
      for (const name of STORES)
        if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () =>
      reject(new Error(`${DB_NAME} upgrade blocked by another open connection`));
  });
}

/** Opens the database, creating the stores; copes with a copy already upgraded past our version. */
export async function openAuroraTrackingDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  let db: IDBDatabase;
  try {
    db = await openAt(factory, DB_VERSION);
  } catch (e) {
    if (!(e instanceof DOMException) || e.name !== 'VersionError') throw e;
    db = await openAt(factory);
  }
  if (STORES.every((s) => db.objectStoreNames.contains(s))) return db;
  // A newer schema without our stores (should not happen, but never lose the user's data): add them.
  const next = db.version + 1;
  db.close();
  return openAt(factory, next);
}

/** One request in its own transaction, resolved once the transaction has committed. */
export async function withStore<T>(
  db: IDBDatabase,
  store: string,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const tx = db.transaction(store, mode);
  const result = await request(fn(tx.objectStore(store)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });
  return result;
}

export async function writeBackgroundUpdate(
  db: IDBDatabase,
  update: BackgroundUpdate,
): Promise<void> {
  await withStore(db, UPDATES_STORE, 'readwrite', (s) =>
    s.put(update, `product:${update.resource}`),
  );
}

/** Every product the worker stored, for the poller to fold into the local database on start. */
export async function readBackgroundUpdates(db: IDBDatabase): Promise<BackgroundUpdate[]> {
  const range = IDBKeyRange.bound('product:', 'product:\uffff');
  return (await withStore(db, UPDATES_STORE, 'readonly', (s) =>
    s.getAll(range),
  )) as BackgroundUpdate[];
}
