/**
 * The page's database, loaded and opened on demand: nothing the page loads statically imports RxDB
 * (its chunks, ~83 KB gzip, come with the first call), so a screen can draw before RxDB is even
 * fetched. `holdPageDatabase` lets the map page keep it closed until its early oval is drawn from
 * the one-record store (sync/grids/newestGridRecord.ts): opening RxDB's eight IndexedDB databases
 * is the longest step of an offline reload, and its tasks would compete with that first draw.
 */
import type { AuroraDatabase } from './database.ts';

let hold: Promise<unknown> = Promise.resolve();

/** Until `until` settles, the page's database is neither loaded nor opened (callers wait). */
export function holdPageDatabase(until: Promise<unknown>): void {
  const before = hold;
  hold = Promise.all([before, until.catch(() => undefined)]);
}

let replayed = false;

/**
 * The page's database (sync/database.ts `getDatabase`: one per realm, each caller in a task of its
 * own). Once it is open, the choices an earlier page noted but could not commit before it was
 * closed are written (sync/preferences/unsettledWrites.ts).
 */
export async function getPageDatabase(): Promise<AuroraDatabase> {
  await hold;
  const { getDatabase } = await import('./database.ts');
  const db = await getDatabase();
  if (!replayed) {
    replayed = true;
    void import('./preferences/unsettledWrites.ts')
      .then(({ replayUnsettledWrites }) => replayUnsettledWrites(db))
      .catch((e: unknown) =>
        console.warn('Aurora: a choice noted before a close could not be written', e),
      );
  }
  return db;
}
