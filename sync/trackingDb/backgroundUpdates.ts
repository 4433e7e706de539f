/**
 * The raw products the service worker fetched in the background (`aurora-updates`, keys
 * `product:<resource>`), which the poller folds into the local database on start
 * (workers/poller/foldBackgroundUpdates.ts). Shared by both workers, so it lives here and not in
 * src/sw/, which the poller may not import.
 */
import { UPDATES_STORE } from '../../core/alerts/notificationSettings.ts';
import type { AuroraTrackingDb } from './openAuroraTrackingDb.ts';

/** One raw product fetched by the worker while the app was closed; the poller folds it in later. */
export interface BackgroundUpdate {
  resource: string;
  url: string;
  fetchedAt: number;
  status: number;
  body: string;
}

export async function writeBackgroundUpdate(
  db: AuroraTrackingDb,
  update: BackgroundUpdate,
): Promise<void> {
  await db.put(UPDATES_STORE, update, `product:${update.resource}`);
}

/** Every product the worker stored, for the poller to fold into the local database on start. */
export async function readBackgroundUpdates(db: AuroraTrackingDb): Promise<BackgroundUpdate[]> {
  return (await db.getAll(
    UPDATES_STORE,
    IDBKeyRange.bound('product:', 'product:\uffff'),
  )) as BackgroundUpdate[];
}
