import { useEffect } from 'react';
import type { MapHome } from '../../../sync/grids/newestGridRecord.ts';
import { earlyMapHome, keepEarlyMapHome } from './earlyMap.ts';
import { openingHome } from './mapPageData.ts';

/**
 * The map's home (see `openingHome`), and the place in use kept for the next visit's first
 * frame once the page knows it — a new place, or none when it was forgotten.
 */
export function useMapHome(inUse: MapHome | null, placeLoading: boolean): MapHome | null {
  const lat = inUse?.lat ?? null;
  const lon = inUse?.lon ?? null;
  useEffect(() => {
    if (placeLoading) return;
    keepEarlyMapHome(lat === null || lon === null ? null : { lat, lon });
  }, [placeLoading, lat, lon]);
  // Read on every render: the kept place arrives with the early record, after the first render.
  return openingHome(inUse, placeLoading, earlyMapHome());
}
