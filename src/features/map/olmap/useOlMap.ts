/**
 * The base map: creates the OpenLayers map on mount and disposes it on unmount, and reports what
 * is on screen on the map element after each render. The layer hooks beside it (useProjection,
 * useBasemapLayer, useAuroraLayer, useCloudLayer, useTerminatorLayer, useUserMarker,
 * useMapInteraction) each drive one layer or concern through the handle it returns.
 */
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type OlMap from 'ol/Map.js';
import type { FrameState } from 'ol/Map.js';
import type { CloudImage } from '../auroraMapProps.ts';
import type { AuroraPaint } from './auroraSource.ts';
import type { BasemapPaint } from './basemapSource.ts';
import type { CloudSource } from './cloudSource.ts';
import type { BasemapSource } from './basemapSource.ts';
import { createOlMap } from './createOlMap.ts';
import { styleLayers, type Layers } from './mapLayers.ts';
import { PALETTES, type MapStyleName } from './palette.ts';

export interface MapHandle {
  map: OlMap;
  layers: Layers;
  basemapSource: BasemapSource;
  cloudSource: CloudSource;
  /**
   * Runs `apply` (a layer hook's change to what the aurora or the night side shows) in a task of
   * its own, soon, and there paints those layers for the latest frame's view before the map
   * renders: the animation frame that follows only composes them. Without it, the first oval's
   * frame also painted the oval (~7 ms unthrottled) and the night side at the grid's time, one of
   * `/`'s longest tasks at 4× CPU slowdown. Returns a cancel (the effect's cleanup: a newer change
   * replaces a pending one). Slider moves do not come here: they are drawn at once
   * (useDrawnAtOnce.ts).
   */
  later(apply: () => void): () => void;
}

/**
 * What the layers paint, read at render time (a new frame needs only `source.changed()`), and which
 * frame is on screen. One object for the map's life; the layer hooks write their part.
 */
export interface MapPaint {
  aurora: AuroraPaint;
  basemap: BasemapPaint;
  /** The regional layer's cells for the hour shown, on the same projection. */
  cloud: CloudImage | null;
  /** The latest rendered frame: the basemap is painted ahead for its extent and resolution. */
  lastFrame: FrameState | null;
  /**
   * The frame (observation time) the aurora image showed in the latest map render, tracked at
   * render time: `rendercomplete` comes in a timeout after the render, by when a newer frame may
   * be wanted but not yet drawn, so it reports this, never the wanted frame.
   */
  composed: number | null;
  /** Told of the frame after each render (the page's onRendered). */
  notify?: (frame: number | null) => void;
  /** Told once an oval is on screen: the basemap follows the first oval. */
  ovalDrawn: () => void;
}

export function useOlMap(
  targetRef: RefObject<HTMLDivElement | null>,
  mapStyle: MapStyleName,
): { mapRef: RefObject<MapHandle | null>; paint: MapPaint } {
  const [mapRef, setMapRef] = useState<{ current: MapHandle | null }>(() => ({ current: null }));
  const paint = useRef<MapPaint>({
    aurora: { spec: { kind: 'mercator' }, values: null, frame: null },
    basemap: {
      land: [],
      outlines: [],
      landColour: PALETTES[mapStyle].land,
      coastColour: PALETTES[mapStyle].coast,
    },
    cloud: null,
    lastFrame: null,
    composed: null,
    ovalDrawn: () => undefined,
  }).current;

  // Create once, dispose on unmount: the map's whole life cycle lives here. Created in a task of
  // its own after the commit that mounted the map's element, and handed to the layer hooks by a
  // new `mapRef` (their effects depend on it) as a transition: creating the map (its controls,
  // interactions and size) and the layer hooks' first effects (the view, the layers) were one of
  // `/`'s longest tasks at 4× CPU slowdown.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    let created: { ref: { current: MapHandle | null }; dispose(): void } | null = null;
    const timer = setTimeout(() => {
      const { handle, dispose } = createOlMap(target, paint);
      const ref = { current: handle };
      created = { ref, dispose };
      startTransition(() => setMapRef(ref));
    }, 0);
    return () => {
      clearTimeout(timer);
      if (created) {
        created.ref.current = null;
        created.dispose();
      }
    };
  }, [targetRef, paint]);

  // The style: the basemap reads its colours when it paints, the vector layers take new styles.
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const palette = PALETTES[mapStyle];
    paint.basemap = { ...paint.basemap, landColour: palette.land, coastColour: palette.coast };
    styleLayers(current.layers, palette);
  }, [mapRef, mapStyle, paint]);

  return { mapRef, paint };
}
