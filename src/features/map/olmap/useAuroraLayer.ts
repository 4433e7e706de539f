/** The aurora oval: the grid shown (or none), painted by auroraSource.ts at render time. */
import { useEffect, type RefObject } from 'react';
import type { GridSnapshot } from '../../../../core/model.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';

export function useAuroraLayer(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  grid: GridSnapshot | null,
  showAurora: boolean,
  onRendered: ((frame: number | null) => void) | undefined,
  sliderMoved: RefObject<boolean>,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const apply = () => {
      paint.aurora = {
        ...paint.aurora,
        values: grid ? grid.values : null,
        frame: grid ? grid.observationTime : null,
      };
      current.layers.aurora.setVisible(showAurora && grid !== null);
      current.layers.aurora.getSource()?.changed();
    };
    // A slider move is applied now and drawn in this task (useDrawnAtOnce.ts); a grid arriving is
    // applied and painted in a task of its own, so the frame that shows it only composes it.
    if (sliderMoved.current) {
      apply();
      return;
    }
    return current.later(apply);
  }, [mapRef, paint, grid, showAurora, sliderMoved]);

  useEffect(() => {
    paint.notify = onRendered;
  }, [paint, onRendered]);
}
