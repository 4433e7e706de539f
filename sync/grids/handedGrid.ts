/**
 * The grid the poller worker hands the page on a first visit, before either has loaded RxDB
 * (workers/poller/firstGrid.ts; the shell passes it on, src/app/dataServices.ts). Told once: the
 * grid, or null when none comes. The map page's early oval waits for it (src/features/map/earlyMap.ts).
 */
import type { GridSnapshot } from '../../core/model.ts';

let handed: GridSnapshot | null | undefined;
const waiting = new Set<(grid: GridSnapshot | null) => void>();

export function handFirstGrid(grid: GridSnapshot | null): void {
  if (handed !== undefined) return;
  handed = grid;
  for (const resolve of waiting) resolve(grid);
  waiting.clear();
}

/** The handed grid (null: none comes), once the worker has said. */
export function firstHandedGrid(): Promise<GridSnapshot | null> {
  if (handed !== undefined) return Promise.resolve(handed);
  return new Promise((resolve) => waiting.add(resolve));
}
