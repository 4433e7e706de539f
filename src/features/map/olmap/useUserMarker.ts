/** The user's place (the place in use) as a marker, in the view's projection. */
import { useEffect, type RefObject } from 'react';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import type { LatLon } from '../gridLookup.ts';
import { forwardProject, type ProjectionSpec } from '../projections.ts';
import type { MapHandle } from './useOlMap.ts';

export function useUserMarker(
  mapRef: RefObject<MapHandle | null>,
  active: ProjectionSpec | null,
  userLocation: LatLon | null,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const source = current.layers.user.getSource()!;
    source.clear();
    const at =
      userLocation && active ? forwardProject(active, userLocation.lon, userLocation.lat) : null;
    if (at) source.addFeature(new Feature(new Point(at)));
  }, [mapRef, userLocation, active]);
}
