/** The night side and the terminator line for the time shown, in the view's projection. */
import { useEffect, type RefObject } from 'react';
import type { ProjectionSpec } from '../projections.ts';
import { nightPolygon, terminatorLine } from '../terminator.ts';
import { linesOf, polygonsOf, projectLine, projectPolygons } from './basemap.ts';
import type { MapHandle } from './useOlMap.ts';
import { showShapes } from './shapesSource.ts';

export function useTerminatorLayer(
  mapRef: RefObject<MapHandle | null>,
  active: ProjectionSpec | null,
  terminatorTime: number,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current || !active) return;
    showShapes(current.layers.night, {
      areas: polygonsOf(projectPolygons([[nightPolygon(terminatorTime)]], active)),
      lines: linesOf(projectLine(terminatorLine(terminatorTime), active)),
      points: [],
    });
  }, [mapRef, terminatorTime, active]);
}
