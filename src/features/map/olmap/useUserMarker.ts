/** The user's place (the place in use) as a marker, in the view's projection. */
import { useEffect } from 'react';
import type { LatLon } from '../gridLookup.ts';
import type { ProjectionSpec } from '../projections.ts';
import type { Overlays } from './useOverlayLayers.ts';

export function useUserMarker(
  overlays: Overlays | null,
  active: ProjectionSpec | null,
  userLocation: LatLon | null,
): void {
  useEffect(() => {
    if (overlays && active) overlays.code.showUser(overlays.layers, active, userLocation);
  }, [overlays, active, userLocation]);
}
