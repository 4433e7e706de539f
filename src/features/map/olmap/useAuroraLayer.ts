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
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    paint.aurora = {
      ...paint.aurora,
      values: grid ? grid.values : null,
      frame: grid ? grid.observationTime : null,
    };
    current.layers.aurora.setVisible(showAurora && grid !== null);
    current.layers.aurora.getSource()?.changed();
    current.map.render();
  }, [mapRef, paint, grid, showAurora]);

  useEffect(() => {
    paint.notify = onRendered;
  }, [paint, onRendered]);
}
