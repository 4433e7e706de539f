/** The user's place (the place in use) as a marker, in the view's projection. */
import { useEffect, type RefObject } from 'react';
import type { LatLon } from '../gridLookup.ts';
import { forwardProject, type ProjectionSpec } from '../projections.ts';
import type { MapHandle } from './useOlMap.ts';
import { NO_SHAPES, showShapes } from './shapesSource.ts';

export function useUserMarker(
  mapRef: RefObject<MapHandle | null>,
  active: ProjectionSpec | null,
  userLocation: LatLon | null,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const at =
      userLocation && active ? forwardProject(active, userLocation.lon, userLocation.lat) : null;
    showShapes(current.layers.user, at ? { ...NO_SHAPES, points: [at] } : NO_SHAPES);
  }, [mapRef, userLocation, active]);
}
