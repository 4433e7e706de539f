import { map } from 'rxjs';
import { decodeGrid } from '../grids/gridCodec.ts';
import type { GridSnapshot, HookResult } from '../model.ts';
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

/** The newest OVATION snapshot (however old: offline, the last known oval is still shown), live. */
export function useLatestGrid(): HookResult<GridSnapshot | null> {
  return useLiveResult(
    'grid:latest',
    (db) => {
      const decode = decoder();
      return db.grids
        .findOne({ sort: [{ observationTime: 'desc' }] })
        .$.pipe(map((doc) => (doc ? decode(doc) : null)));
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
        .find({ selector: { observationTime: { $gte: from, $lte: to } }, sort: [{ observationTime: 'asc' }] })
        .$.pipe(map((docs) => docs.map(decode)));
    },
    NO_GRIDS,
  );
}
