import type { GridSnapshot } from '../../core/model.ts';
import { getDatabase } from '../database.ts';
import { readLatestGrid } from './latestGrid.ts';

/**
 * The newest stored grid from the page's database, read once (the map's early read, before React
 * has mounted the page). `onOpen` is told when the database is open, for the page's timing marks.
 */
export async function readNewestGrid(
  now: number,
  onOpen?: () => void,
): Promise<GridSnapshot | null> {
  const db = await getDatabase();
  onOpen?.();
  return readLatestGrid(db, now);
}
