/**
 * The small database the service worker shares with the page: `aurora-tracking-db` with
 * the stores `aurora-updates` (raw small products fetched in the background, plus the alert state)
 * and `notification-settings` (key `user-settings`). Plain IndexedDB, so the worker stays small and
 * the page can read it with these same functions. Names, version and the settings' shape are
 * core/alerts/notificationSettings.ts, which the page's Dexie side opens too.
 */
import {
  FORCED_OFFLINE_KEY,
  SETTINGS_KEY,
  SETTINGS_STORE,
  TRACKING_DB_NAME as DB_NAME,
  TRACKING_DB_VERSION as DB_VERSION,
  UPDATES_STORE,
  normaliseNotificationSettings as normaliseSettings,
  type NotificationSettings,
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

export async function readNotificationSettings(db: IDBDatabase): Promise<NotificationSettings> {
  return normaliseSettings(
    await withStore(db, SETTINGS_STORE, 'readonly', (s) => s.get(SETTINGS_KEY)),
  );
}

/** Merges a patch into the stored settings (the page's push toggle and the worker both write here). */
export async function writeNotificationSettings(
  db: IDBDatabase,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const next = normaliseSettings({ ...(await readNotificationSettings(db)), ...patch });
  await withStore(db, SETTINGS_STORE, 'readwrite', (s) => s.put(next, SETTINGS_KEY));
  return next;
}

/** The user's Go Offline choice as the page last stored it; unset reads as online. */
export async function readForcedOffline(db: IDBDatabase): Promise<boolean> {
  return (
    (await withStore(db, UPDATES_STORE, 'readonly', (s) => s.get(FORCED_OFFLINE_KEY))) === true
  );
}

export async function writeForcedOffline(db: IDBDatabase, forced: boolean): Promise<void> {
  await withStore(db, UPDATES_STORE, 'readwrite', (s) => s.put(forced, FORCED_OFFLINE_KEY));
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
