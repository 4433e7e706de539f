import type { AuroraDatabase } from '../database.ts';
import type { GridSnapshot } from '../model.ts';
import { decodeGrid } from './gridCodec.ts';

/**
 * The newest stored OVATION snapshot, read once (not live). The map page starts this the moment
 * its code loads, so the first oval does not wait for React to mount and subscribe; the live
 * `useLatestGrid()` takes over when it delivers. Same query as the live hook, so RxDB's query
 * cache can hand the live query the result this read already found.
 */
export async function readLatestGrid(db: AuroraDatabase): Promise<GridSnapshot | null> {
  const doc = await db.grids.findOne({ sort: [{ observationTime: 'desc' }] }).exec();
  return doc ? decodeGrid(doc.toJSON()) : null;
}
