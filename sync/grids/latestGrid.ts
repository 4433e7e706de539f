import type { AuroraDatabase } from '../database.ts';
import type { GridSnapshot } from '../../core/model.ts';
import { decodeGrid } from './gridCodec.ts';

const HOUR = 3_600_000;

/**
 * How far back each attempt looks, narrowest first. RxDB answers "newest first" on our ascending
 * index by reading every matching document (~87 KB each) and sorting: with a day of grids stored
 * (~288) that took ~200 ms. A lower bound on observationTime makes it read only that range, and
 * polling keeps the newest grid within the last hour. Older than a day, retention has left only
 * the newest grid (sync/retention.ts), so the unbounded last attempt reads one document.
 */
const LATEST_GRID_WINDOWS_MS: readonly number[] = [HOUR, 24 * HOUR, Number.POSITIVE_INFINITY];

async function lookNewestGridDoc(db: AuroraDatabase, now: number) {
  for (const window of LATEST_GRID_WINDOWS_MS) {
    const selector = Number.isFinite(window) ? { observationTime: { $gte: now - window } } : {};
    const doc = await db.grids.findOne({ selector, sort: [{ observationTime: 'desc' }] }).exec();
    if (doc) return doc;
  }
  return null;
}

const inFlight = new WeakMap<AuroraDatabase, ReturnType<typeof lookNewestGridDoc>>();

/**
 * The newest stored grid document, looked for in widening windows (see LATEST_GRID_WINDOWS_MS).
 * Callers while a lookup is under way share it: on a page open, the map's early read and the live
 * `useLatestGrid()` ask at the same moment.
 */
export function findNewestGridDoc(
  db: AuroraDatabase,
  now: number,
): ReturnType<typeof lookNewestGridDoc> {
  const pending = inFlight.get(db);
  if (pending) return pending;
  const lookup = lookNewestGridDoc(db, now).finally(() => inFlight.delete(db));
  inFlight.set(db, lookup);
  return lookup;
}

/**
 * The newest stored OVATION snapshot, read once (not live). The map page starts this the moment
 * its code loads, so the first oval does not wait for React to mount and subscribe; the live
 * `useLatestGrid()` takes over when it delivers.
 */
export async function readLatestGrid(
  db: AuroraDatabase,
  now: number,
): Promise<GridSnapshot | null> {
  const doc = await findNewestGridDoc(db, now);
  return doc ? decodeGrid(doc.toJSON()) : null;
}
