import { from, map, switchMap } from 'rxjs';
import { findNewestGridDoc } from '../grids/latestGrid.ts';
import { decodeGrid } from '../grids/gridCodec.ts';
import type { GridSnapshot, HookResult } from '../../core/model.ts';
import type { TimeRange } from '../read/seriesColumns.ts';
import type { GridDoc } from '../schemas/grids.ts';
import { useLiveResult } from './useLiveResult.ts';

/** Decoding is ~65 K bytes per frame: keep each frame's decoded grid until its revision changes. */
function decoder() {
  const cache = new Map<string, { rev: string; grid: GridSnapshot }>();
  return (doc: { primary: string; revision: string; _data: GridDoc }): GridSnapshot => {
    const hit = cache.get(doc.primary);
    if (hit && hit.rev === doc.revision) return hit.grid;
    const grid = decodeGrid(doc._data);
    cache.set(doc.primary, { rev: doc.revision, grid });
    return grid;
  };
}

/**
 * The newest OVATION snapshot (however old: offline, the last known oval is still shown), live.
 * RxDB answers "newest first" on our ascending index by reading every matching document (~87 KB
 * each; a day of polling is ~288) and sorting, so the live query is bounded below by the newest
 * time found first (in widening windows, sync/grids/latestGrid.ts): it reads one document, and
 * every newer grid still matches it. Retention never deletes the newest grid.
 */
export function useLatestGrid(): HookResult<GridSnapshot | null> {
  return useLiveResult(
    'grid:latest',
    (db) => {
      const decode = decoder();
      return from(findNewestGridDoc(db, Date.now())).pipe(
        switchMap(
          (newest) =>
            db.grids.findOne({
              selector: newest ? { observationTime: { $gte: newest.observationTime } } : {},
              sort: [{ observationTime: 'desc' }],
            }).$,
        ),
        map((doc) => (doc ? decode(doc) : null)),
      );
    },
    null,
  );
}

const NO_GRIDS: GridSnapshot[] = [];

/** Snapshots observed in [range.from, range.to], oldest first (the time slider's frames), live. */
export function useGrids(range: TimeRange): HookResult<GridSnapshot[]> {
  const { from, to } = range;
  return useLiveResult(
    `grids:${from}:${to}`,
    (db) => {
      const decode = decoder();
      return db.grids
        .find({
          selector: { observationTime: { $gte: from, $lte: to } },
          sort: [{ observationTime: 'asc' }],
        })
        .$.pipe(map((docs) => docs.map(decode)));
    },
    NO_GRIDS,
  );
}
