import type { AuroraDatabase } from '../database.ts';
import type { GridSnapshot } from '../model.ts';
import { decodeGrid } from './gridCodec.ts';

const HOUR = 3_600_000;

/**
 * How far back each attempt looks, narrowest first. RxDB answers "newest first" on our ascending
 * index by reading every matching document (~87 KB each) and sorting: with a day of grids stored
 * (~288) that took ~200 ms. A lower bound on observationTime makes it read only that range, and
 * polling keeps the newest grid within the last hour. Older than a day, retention has left only
 * the newest grid (sync/retention.ts), so the unbounded last attempt reads one document.
 */
export const LATEST_GRID_WINDOWS_MS: readonly number[] = [HOUR, 24 * HOUR, Number.POSITIVE_INFINITY];

/**
 * The newest stored OVATION snapshot, read once (not live). The map page starts this the moment
 * its code loads, so the first oval does not wait for React to mount and subscribe; the live
 * `useLatestGrid()` takes over when it delivers.
 */
export async function readLatestGrid(db: AuroraDatabase, now: number): Promise<GridSnapshot | null> {
  for (const window of LATEST_GRID_WINDOWS_MS) {
    const selector = Number.isFinite(window) ? { observationTime: { $gte: now - window } } : {};
    const doc = await db.grids.findOne({ selector, sort: [{ observationTime: 'desc' }] }).exec();
    if (doc) return decodeGrid(doc.toJSON());
  }
  return null;
}
