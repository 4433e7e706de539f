/**
 * The vector layers' chunk (overlayLayers.ts), asked for once the first oval is drawn (or none is
 * coming), its layers added to the map and styled; and the globe's disc, which follows the view.
 * The night side and the user's place have hooks of their own over what this returns.
 */
import { useEffect, useState, type RefObject } from 'react';
import { chunkLoader, useChunk } from '../chunkLoader.ts';
import type { ProjectionSpec } from '../projections.ts';
import { PALETTES, type MapStyleName } from './palette.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';
import type * as OverlayCode from './overlayLayers.ts';
import type { OverlayLayers } from './overlayLayers.ts';

const overlayChunk = chunkLoader(() => import('./overlayLayers.ts'));

export interface Overlays {
  code: typeof OverlayCode;
  layers: OverlayLayers;
}

export function useOverlayLayers(
  mapRef: RefObject<MapHandle | null>,
  paint: MapPaint,
  wanted: boolean,
  mapStyle: MapStyleName,
  active: ProjectionSpec | null,
): Overlays | null {
  const { module: code } = useChunk(overlayChunk, wanted);
  const [overlays, setOverlays] = useState<Overlays | null>(null);

  useEffect(() => {
    const current = mapRef.current;
    if (!code || !current) return;
    const layers = code.createOverlayLayers();
    for (const layer of [layers.disc, layers.night, layers.user]) current.map.addLayer(layer);
    paint.overlaysIn = true;
    setOverlays({ code, layers });
    return () => {
      paint.overlaysIn = false;
      for (const layer of [layers.disc, layers.night, layers.user]) current.map.removeLayer(layer);
    };
  }, [mapRef, paint, code]);

  useEffect(() => {
    if (overlays) overlays.code.styleOverlayLayers(overlays.layers, PALETTES[mapStyle]);
  }, [overlays, mapStyle]);

  useEffect(() => {
    if (overlays && active) overlays.code.showDisc(overlays.layers, active);
  }, [overlays, active]);

  return overlays;
}
