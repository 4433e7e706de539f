/** The night side and the terminator line for the time shown, in the view's projection. */
import { useEffect, type RefObject } from 'react';
import Feature from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';
import type { ProjectionSpec } from '../projections.ts';
import { nightPolygon, terminatorLine } from '../terminator.ts';
import { projectLine, projectPolygons } from './basemap.ts';
import type { MapHandle } from './useOlMap.ts';

export function useTerminatorLayer(
  mapRef: RefObject<MapHandle | null>,
  active: ProjectionSpec | null,
  terminatorTime: number,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current || !active) return;
    const night = current.layers.night.getSource()!;
    night.clear();
    const area = projectPolygons([[nightPolygon(terminatorTime)]], active);
    const line = projectLine(terminatorLine(terminatorTime), active);
    if (area) night.addFeature(new Feature<Geometry>(area));
    if (line) night.addFeature(new Feature<Geometry>(line));
  }, [mapRef, terminatorTime, active]);
}
