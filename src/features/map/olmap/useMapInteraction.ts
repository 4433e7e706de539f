/**
 * What the person does with the view: a tap picks the point under it (saving a place), and the
 * lon/lat box on screen is reported each time the view settles (the cloud layer's tiles).
 */
import { useEffect, type RefObject } from 'react';
import type { LonLatBox } from '../../../../core/clouds/cloudTiles.ts';
import type { LatLon } from '../gridLookup.ts';
import { inverseProject, type ProjectionSpec } from '../projections.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';
import { useViewBoxReports } from './viewBox.ts';

export function useMapInteraction(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  active: ProjectionSpec | null,
  onPick: ((at: LatLon) => void) | undefined,
  onViewBox: ((box: LonLatBox) => void) | undefined,
): void {
  useViewBoxReports(mapRef, active, onViewBox);

  useEffect(() => {
    const current = mapRef.current;
    if (!current || !onPick) return;
    const key = current.map.on('singleclick', (e) => {
      const lonLat: [number, number] = [0, 0];
      if (inverseProject(paint.aurora.spec, e.coordinate[0]!, e.coordinate[1]!, lonLat))
        onPick({ lat: lonLat[1], lon: lonLat[0] });
    });
    return () => current.map.un('singleclick', key.listener);
  }, [mapRef, paint, onPick]);
}
