import { useEffect, useState } from 'react';
import { of, type Observable } from 'rxjs';
import { followGridWindow } from '../grids/gridWindow.ts';
import {
  createNewestGridSource,
  pageNewestGrid,
  type NewestGridSource,
} from '../grids/newestGrid.ts';
import type { GridSnapshot, HookResult } from '../../core/model.ts';
import { useProvidedDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';
import { useTransitionStore } from './useTransitionStore.ts';

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
  const state = useTransitionStore(source.subscribe, source.get);
  return { data: state.grid, isLoading: state.isLoading, error: state.error };
}

const NO_GRIDS: GridSnapshot[] = [];
const NONE: Observable<GridSnapshot[]> = of(NO_GRIDS);

/**
 * The stored snapshots observed in the last `windowMs` (the time slider's frames), oldest first,
 * live and packed (sync/grids/gridWindow.ts: unpacked only when read); none while `windowMs` is
 * null (not wanted yet). The window slides with time without re-subscribing.
 */
export function useGridWindow(windowMs: number | null): HookResult<GridSnapshot[]> {
  return useLiveResult(
    `grid-window:${windowMs}`,
    (db) => (windowMs === null ? NONE : followGridWindow(db, windowMs)),
    NO_GRIDS,
  );
}
