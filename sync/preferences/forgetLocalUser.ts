import type { AuroraDatabase } from '../database.ts';
import { getPreferencesUser, subscribePreferencesUser } from './activeUser.ts';
import { ANONYMOUS_PREFERENCES_ID } from '../schemas/preferences.ts';

/** How long to wait for the account sync to stop after sign-out before tidying up anyway. */
const SYNC_STOP_WAIT_MS = 5000;

/**
 * Account deletion's local half. Called before the deletion: remembers this device's anonymous
 * preferences (sign-out copies the user's values over them, sync/replication/accountSync.ts).
 * The returned step, run after sign-out, waits for the account sync to let go of the user,
 * removes the deleted user's preferences document and puts the anonymous one back as it was.
 */
export async function prepareToForgetUser(
  db: AuroraDatabase,
  userId: string,
): Promise<() => Promise<void>> {
  const before =
    (await db.preferences.findOne(ANONYMOUS_PREFERENCES_ID).exec())?.toMutableJSON(true) ?? null;
  return async () => {
    await new Promise<void>((resolve) => {
      if (getPreferencesUser() !== userId) return resolve();
      const timer = setTimeout(done, SYNC_STOP_WAIT_MS);
      const unsubscribe = subscribePreferencesUser(() => {
        if (getPreferencesUser() !== userId) done();
      });
      function done() {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
    await (await db.preferences.findOne(userId).exec())?.remove();
    if (before) await db.preferences.upsert(before);
    else await (await db.preferences.findOne(ANONYMOUS_PREFERENCES_ID).exec())?.remove();
  };
}
