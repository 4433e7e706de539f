/**
 * The base map: creates the OpenLayers map on mount and disposes it on unmount, and reports what
 * is on screen on the map element after each render. The layer hooks beside it (useProjection,
 * useBasemapLayer, useAuroraLayer, useCloudLayer, useTerminatorLayer, useUserMarker,
 * useMapInteraction) each drive one layer or concern through the handle it returns.
 */
import { useEffect, useRef, type RefObject } from 'react';
import OlMap, { type FrameState } from 'ol/Map.js';
import { Attribution, Zoom } from 'ol/control.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import type { CloudImage } from '../auroraMapProps.ts';
import { inverseProject } from '../projections.ts';
import { markOnce } from '../perfMarks.ts';
import type { AuroraPaint } from './auroraSource.ts';
import type { BasemapPaint } from './basemapSource.ts';
import type { CloudSource } from './cloudSource.ts';
import type { BasemapSource } from './basemapSource.ts';
import { createLayers, glyph, styleLayers, type Layers } from './mapLayers.ts';
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
  const mapRef = useRef<MapHandle | null>(null);
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

  // Create once, dispose on unmount: the map's whole life cycle lives here.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const { layers, basemapSource, auroraSource, cloudSource } = createLayers({
      basemap: () => paint.basemap,
      aurora: () => paint.aurora,
      clouds: () => ({ spec: paint.aurora.spec, cells: paint.cloud }),
    });
    const map = new OlMap({
      target,
      layers: [
        layers.disc,
        layers.basemap,
        layers.night,
        layers.clouds,
        layers.aurora,
        layers.user,
      ],
      controls: [
        new Zoom({
          zoomInLabel: glyph('+'),
          zoomOutLabel: glyph('−'),
          zoomInTipLabel: 'Zoom in',
          zoomOutTipLabel: 'Zoom out',
        }),
        new Attribution({ collapsible: false }),
      ],
      interactions: defaultInteractions({ keyboard: true }),
    });
    markOnce('map:ol-created');
    layers.aurora.on('postrender', () => {
      paint.composed = auroraSource.paintedFrame;
      markOnce('map:aurora-painted');
    });
    map.on('postrender', (event) => {
      paint.lastFrame = event.frameState;
      // A hidden aurora layer draws nothing: then the frame "shown" is the one the page asks for.
      if (layers.aurora.getVisible()) return;
      paint.composed = paint.aurora.frame;
      // No oval yet: the view's sampling is built before the first one comes (auroraSource.ts).
      if (paint.aurora.values === null && event.frameState)
        auroraSource.prepareFor(event.frameState);
    });
    // What is on screen, for tests and the bench: the frame (observation time) and the projection.
    map.on('rendercomplete', () => {
      const frame = paint.composed;
      if (frame !== null) {
        markOnce('map:oval-drawn');
        paint.ovalDrawn();
      }
      target.dataset.renderedFrame = frame === null ? '' : String(frame);
      target.dataset.renderedProjection = map.getView().getProjection().getCode();
      // Where the view is centred, as lon,lat (where the map opens is tested end to end).
      const centre = map.getView().getCenter();
      const lonLat: [number, number] = [0, 0];
      target.dataset.viewCentre =
        centre && inverseProject(paint.aurora.spec, centre[0]!, centre[1]!, lonLat)
          ? `${lonLat[0].toFixed(1)},${lonLat[1].toFixed(1)}`
          : '';
      target.dataset.viewZoom = (map.getView().getZoom() ?? 0).toFixed(2);
      // Set once the land is drawn (it follows the first oval): screenshots wait for it.
      target.dataset.basemap = basemapSource.hasLand() ? 'drawn' : '';
      // The share of the view inside cloud cells with a value, and their size (e2e: cells across the view).
      const cloudsShown = layers.clouds.getVisible() && cloudSource.paintedTime !== null;
      target.dataset.cloudCoverage = cloudsShown ? cloudSource.coverage.toFixed(3) : '';
      target.dataset.cloudCellDeg = cloudsShown ? String(paint.cloud?.cellDeg ?? '') : '';
      paint.notify?.(frame);
    });
    // Changes asked for in one commit (the oval and the night side at its time) are applied
    // together, in one task, so one frame composes them.
    const pending = new Set<() => void>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const applyPending = () => {
      timer = null;
      const applies = [...pending];
      pending.clear();
      for (const apply of applies) apply();
      const frame = paint.lastFrame;
      // Not for a view that is no longer the map's (a projection switched since), nor unseen.
      if (!frame || document.visibilityState !== 'visible') return;
      if (frame.viewState.projection !== map.getView().getProjection()) return;
      if (layers.night.getVisible()) layers.night.getSource()?.paintAhead(frame);
      if (layers.aurora.getVisible()) auroraSource.paintAhead(frame);
    };
    const later = (apply: () => void) => {
      pending.add(apply);
      timer ??= setTimeout(applyPending, 0);
      return () => void pending.delete(apply);
    };
    mapRef.current = { map, layers, basemapSource, cloudSource, later };
    return () => {
      if (timer !== null) clearTimeout(timer);
      mapRef.current = null;
      map.setTarget(undefined);
      map.dispose();
    };
  }, [targetRef, paint]);

  // The style: the basemap reads its colours when it paints, the vector layers take new styles.
  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const palette = PALETTES[mapStyle];
    paint.basemap = { ...paint.basemap, landColour: palette.land, coastColour: palette.coast };
    styleLayers(current.layers, palette);
  }, [mapStyle, paint]);

  return { mapRef, paint };
}
