import { useEffect, useState, useSyncExternalStore } from 'react';
import { map } from 'rxjs';
import { gridDecoder } from '../grids/gridCodec.ts';
import {
  createNewestGridSource,
  pageNewestGrid,
  type NewestGridSource,
} from '../grids/newestGrid.ts';
import type { GridSnapshot, HookResult } from '../../core/model.ts';
import type { TimeRange } from '../read/seriesColumns.ts';
import { useProvidedDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

/** A provided database's own source, ended when the component (or the database) goes. */
function useProvidedSource(): NewestGridSource {
  const provided = useProvidedDatabase();
  const [held, setHeld] = useState(() => ({
    provided,
    source: provided ? createNewestGridSource(() => Promise.resolve(provided)) : pageNewestGrid(),
  }));
  // Another provider (adjusted during render): a source of that database.
  if (held.provided !== provided)
    setHeld({
      provided,
      source: provided ? createNewestGridSource(() => Promise.resolve(provided)) : pageNewestGrid(),
    });
  const { source } = held;
  useEffect(() => (provided ? () => source.stop() : undefined), [provided, source]);
  return source;
}

/**
 * The newest OVATION snapshot (however old: offline, the last known oval is still shown), live:
 * the one newest-grid source (sync/grids/newestGrid.ts). On the page it is the page's source, which
 * the map page starts before React mounts it, so the grid is often there at the first render.
 */
export function useLatestGrid(): HookResult<GridSnapshot | null> {
  const source = useProvidedSource();
  const state = useSyncExternalStore(source.subscribe, source.get);
  return { data: state.grid, isLoading: state.isLoading, error: state.error };
}

const NO_GRIDS: GridSnapshot[] = [];

/** Snapshots observed in [range.from, range.to], oldest first (the time slider's frames), live. */
export function useGrids(range: TimeRange): HookResult<GridSnapshot[]> {
  const { from, to } = range;
  return useLiveResult(
    `grids:${from}:${to}`,
    (db) => {
      const decode = gridDecoder();
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
