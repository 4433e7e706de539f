/**
 * Opening `aurora-tracking-db`, the small database the service worker, the poller worker and the
 * page share (names, version and layout: core/alerts/notificationSettings.ts). On `idb`, the
 * promise wrapper workbox-expiration already puts in the service worker, so it stays small and
 * RxDB never loads there: this folder is the one part of the data layer it may import
 * (eslint.config.js). The page opens the same database with Dexie at the same version
 * (src/features/settings/notificationSettings.ts): two stores, out-of-line keys, no indexes.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  SETTINGS_STORE,
  TRACKING_DB_NAME as DB_NAME,
  TRACKING_DB_VERSION as DB_VERSION,
  UPDATES_STORE,
} from '../../core/alerts/notificationSettings.ts';

/** Values are read through the core's normalisers (a device may hold any older shape). */
interface TrackingDbSchema extends DBSchema {
  [UPDATES_STORE]: { key: string; value: unknown };
  [SETTINGS_STORE]: { key: string; value: unknown };
}

export type AuroraTrackingDb = IDBPDatabase<TrackingDbSchema>;

const STORES = [UPDATES_STORE, SETTINGS_STORE] as const;

/** Opens at `version` (none: whatever is there), creating whichever store is missing. */
function openAt(version?: number): Promise<AuroraTrackingDb> {
  return openDB<TrackingDbSchema>(DB_NAME, version, {
    upgrade(db) {
      for (const name of STORES)
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    },
  });
}

/**
 * Opens the database with both stores. A copy already upgraded past our version (a newer app's, in
 * another tab) is opened as it is; should it lack a store, one version up adds it, so the user's
 * data is never dropped. An open blocked by an older connection waits for it to close (the page's
 * Dexie closes on `versionchange`).
 */
export async function openAuroraTrackingDb(): Promise<AuroraTrackingDb> {
  let db: AuroraTrackingDb;
  try {
    db = await openAt(DB_VERSION);
  } catch (e) {
    if (!(e instanceof DOMException) || e.name !== 'VersionError') throw e;
    db = await openAt();
  }
  if (STORES.every((s) => db.objectStoreNames.contains(s))) return db;
  const next = db.version + 1;
  db.close();
  return openAt(next);
}
