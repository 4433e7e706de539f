/**
 * The small database the service worker shares with the page: `aurora-tracking-db` with
 * the stores `aurora-updates` (raw small products fetched in the background, plus the alert state)
 * and `notification-settings` (key `user-settings`). Opened with `idb` (already in the worker
 * through workbox-expiration, so it costs the worker nothing), and the page reads it with these
 * same functions. Names, version and the settings' shape are core/alerts/notificationSettings.ts,
 * which the page's Dexie side opens too.
 */
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import {
  ALERT_STATE_KEY,
  FORCED_OFFLINE_KEY,
  SETTINGS_KEY,
  SETTINGS_STORE,
  TRACKING_DB_NAME as DB_NAME,
  TRACKING_DB_VERSION as DB_VERSION,
  UPDATES_STORE,
  normaliseNotificationSettings as normaliseSettings,
  type NotificationSettings,
} from '../../core/alerts/notificationSettings.ts';
import { normaliseAlertState, type KpAlertState } from './kpAlert.ts';

/** Both stores are out-of-line keyed; values are checked on the way out (the page writes them too). */
interface TrackingSchema extends DBSchema {
  [UPDATES_STORE]: { key: string; value: unknown };
  [SETTINGS_STORE]: { key: string; value: unknown };
}

export type TrackingDb = IDBPDatabase<TrackingSchema>;

const STORES = [UPDATES_STORE, SETTINGS_STORE] as const;

/** One raw product fetched by the worker while the app was closed; the poller folds it in later. */
export interface BackgroundUpdate {
  resource: string;
  url: string;
  fetchedAt: number;
  status: number;
  body: string;
}

/**
 * idb's openDB() always opens the global `indexedDB`; the factory is passed in here (tests give
 * each case its own), so the open request is made here and handed to idb's `wrap`.
 */
function openAt(factory: IDBFactory, version?: number): Promise<TrackingDb> {
  const req = factory.open(DB_NAME, version);
  req.onupgradeneeded = () => {
    for (const name of STORES)
      if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name);
  };
  const opened = wrap(req) as Promise<TrackingDb>;
  return new Promise((resolve, reject) => {
    req.onblocked = () =>
      reject(new Error(`${DB_NAME} upgrade blocked by another open connection`));
    opened.then(resolve, reject);
  });
}

/** Opens the database, creating the stores; copes with a copy already upgraded past our version. */
export async function openAuroraTrackingDb(factory: IDBFactory = indexedDB): Promise<TrackingDb> {
  let db: TrackingDb;
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

export async function readNotificationSettings(db: TrackingDb): Promise<NotificationSettings> {
  return normaliseSettings(await db.get(SETTINGS_STORE, SETTINGS_KEY));
}

/** Merges a patch into the stored settings (the page's push toggle and the worker both write here). */
export async function writeNotificationSettings(
  db: TrackingDb,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const next = normaliseSettings({ ...(await readNotificationSettings(db)), ...patch });
  await db.put(SETTINGS_STORE, next, SETTINGS_KEY);
  return next;
}

export async function readAlertState(db: TrackingDb): Promise<KpAlertState> {
  return normaliseAlertState(await db.get(UPDATES_STORE, ALERT_STATE_KEY));
}

export async function writeAlertState(db: TrackingDb, state: KpAlertState): Promise<void> {
  await db.put(UPDATES_STORE, state, ALERT_STATE_KEY);
}

/** The user's Go Offline choice as the page last stored it; unset reads as online. */
export async function readForcedOffline(db: TrackingDb): Promise<boolean> {
  return (await db.get(UPDATES_STORE, FORCED_OFFLINE_KEY)) === true;
}

export async function writeForcedOffline(db: TrackingDb, forced: boolean): Promise<void> {
  await db.put(UPDATES_STORE, forced, FORCED_OFFLINE_KEY);
}

export async function writeBackgroundUpdate(
  db: TrackingDb,
  update: BackgroundUpdate,
): Promise<void> {
  await db.put(UPDATES_STORE, update, `product:${update.resource}`);
}

/** Every product the worker stored, for the poller to fold into the local database on start. */
export async function readBackgroundUpdates(db: TrackingDb): Promise<BackgroundUpdate[]> {
  const range = IDBKeyRange.bound('product:', 'product:\uffff');
  return (await db.getAll(UPDATES_STORE, range)) as BackgroundUpdate[];
}
