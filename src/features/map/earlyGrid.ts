/**
 * The newest stored grid, read as soon as the map page's code is evaluated — in parallel with the
 * OpenLayers chunk, instead of after React has mounted the page, opened the database in an effect
 * and subscribed a live query. Offline, this is what puts the last known oval on screen quickly.
 * Only the app's page uses it (tests hand the hooks their own database).
 */
import { useEffect, useState } from 'react';
import { readNewestGrid } from '../../../sync/grids/readNewestGrid.ts';
import type { GridSnapshot } from '../../../core/model.ts';
import { markOnce } from './perfMarks.ts';

let pending: Promise<GridSnapshot | null> | null = null;
let result: GridSnapshot | null = null;

/** Starts the one-shot read (once per page). A failure reads as "nothing yet": the live hook reports errors. */
export function startEarlyGridRead(): Promise<GridSnapshot | null> {
  pending ??= readNewestGrid(Date.now(), () => markOnce('map:db-open')).then(
    (grid) => {
      markOnce('map:grid-read');
      result = grid;
      return grid;
    },
    () => null,
  );
  return pending;
}

/** The early read's grid: null until it arrives (or if nothing is stored). */
export function useEarlyGrid(): GridSnapshot | null {
  const [grid, setGrid] = useState<GridSnapshot | null>(result);
  useEffect(() => {
    let live = true;
    void startEarlyGridRead().then((g) => live && setGrid(g));
    return () => {
      live = false;
    };
  }, []);
  return grid;
}
