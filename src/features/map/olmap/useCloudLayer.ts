/** The regional cloud layer: the cells of the hour shown, painted by cloudSource.ts at render time. */
import { useEffect, type RefObject } from 'react';
import type { CloudImage } from '../auroraMapProps.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';

export function useCloudLayer(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  cloudImage: CloudImage | null,
  showClouds: boolean,
): void {
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    paint.cloud = cloudImage;
    const layer = current.layers.clouds;
    layer.setVisible(showClouds && cloudImage !== null);
    layer.getSource()?.changed();
    current.map.render();
    current.map
      .getTargetElement()
      ?.setAttribute('data-cloud-time', showClouds && cloudImage ? String(cloudImage.time) : '');
  }, [mapRef, paint, cloudImage, showClouds]);
}
