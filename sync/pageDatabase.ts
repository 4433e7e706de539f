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

/** The page's database (sync/database.ts `getDatabase`: one per realm, each caller in a task of its own). */
export async function getPageDatabase(): Promise<AuroraDatabase> {
  await hold;
  const { getDatabase } = await import('./database.ts');
  return getDatabase();
}
