/**
 * Creates the OpenLayers map in `target` with its layers, and what it reports after each render
 * (useOlMap.ts says when; the `data-*` reports are for tests and the bench).
 */
import OlMap from 'ol/Map.js';
import { Attribution, Zoom } from 'ol/control.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { inverseProject } from '../projections.ts';
import { markOnce } from '../perfMarks.ts';
import { createLayers, glyph } from './mapLayers.ts';
import type { MapHandle, MapPaint } from './useOlMap.ts';

export function createOlMap(
  target: HTMLElement,
  paint: MapPaint,
): { handle: MapHandle; dispose(): void } {
  const { layers, basemapSource, auroraSource, cloudSource } = createLayers({
    basemap: () => paint.basemap,
    aurora: () => paint.aurora,
    clouds: () => ({ spec: paint.aurora.spec, cells: paint.cloud }),
  });
  const map = new OlMap({
    target,
    layers: [layers.disc, layers.basemap, layers.night, layers.clouds, layers.aurora, layers.user],
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
    if (paint.aurora.values === null && event.frameState) auroraSource.prepareFor(event.frameState);
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
  return {
    handle: { map, layers, basemapSource, cloudSource, later },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      map.setTarget(undefined);
      map.dispose();
    },
  };
}
