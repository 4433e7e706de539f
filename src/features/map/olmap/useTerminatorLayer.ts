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
  sliderMoved: RefObject<boolean>,
  /**
   * False while the first oval is on its way: the night side then comes in the oval's frame, not
   * in a frame of its own before it (each frame of a phone-sized map is a long task at 4× CPU).
   */
  shown: boolean,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current || !active || !shown) return;
    const apply = () =>
      showShapes(current.layers.night, {
        areas: polygonsOf(projectPolygons([[nightPolygon(terminatorTime)]], active)),
        lines: linesOf(projectLine(terminatorLine(terminatorTime), active)),
        points: [],
      });
    // As the aurora (useAuroraLayer.ts): a slider move now, anything else painted ahead.
    if (sliderMoved.current) {
      apply();
      return;
    }
    return current.later(apply);
  }, [mapRef, terminatorTime, active, sliderMoved, shown]);
}
