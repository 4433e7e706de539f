/**
 * The one OpenLayers wrapper: the map element and one hook per layer. Everything it draws comes
 * from props (local data); it never fetches agency data. The only network-looking request is the
 * bundled basemap asset, which the service worker precaches.
 */
import 'ol/ol.css';
import { useRef } from 'react';
import type { AuroraMapProps } from '../auroraMapProps.ts';
import { markOnce } from '../perfMarks.ts';
import { PALETTES } from './palette.ts';
import { useAuroraLayer } from './useAuroraLayer.ts';
import { useBasemapLayer } from './useBasemapLayer.ts';
import { useCloudLayer } from './useCloudLayer.ts';
import { useDrawnAtOnce, useSliderMoved } from './useDrawnAtOnce.ts';
import { useMapInteraction } from './useMapInteraction.ts';
import { useOlMap } from './useOlMap.ts';
import { useProjection } from './useProjection.ts';
import { useTerminatorLayer } from './useTerminatorLayer.ts';
import { useUserMarker } from './useUserMarker.ts';

markOnce('map:olmap-module');

export default function AuroraMap(props: AuroraMapProps) {
  const {
    grid,
    gridPending = false,
    view,
    hemisphere,
    mapStyle,
    showAurora,
    showClouds,
    cloudImage,
    userLocation,
    terminatorTime,
    sliderMoves = 0,
    label,
    onRendered,
    onPick,
    onViewBox,
  } = props;
  const targetRef = useRef<HTMLDivElement>(null);
  const { mapRef, paint } = useOlMap(targetRef, mapStyle);
  const projection = useProjection(mapRef, paint, view, hemisphere, userLocation);
  const { active } = projection;
  const noOvalComing = !showAurora || (!grid && !gridPending);
  const basemap = useBasemapLayer(mapRef, paint, active, noOvalComing);
  // Before the layer hooks: their effects read whether this commit moved the slider.
  const sliderMoved = useSliderMoved(sliderMoves);
  useAuroraLayer(mapRef, paint, grid, showAurora, onRendered, sliderMoved);
  useCloudLayer(mapRef, paint, cloudImage, showClouds);
  useTerminatorLayer(mapRef, active, terminatorTime, sliderMoved, grid !== null || noOvalComing);
  useUserMarker(mapRef, active, userLocation);
  useMapInteraction(mapRef, paint, active, onPick, onViewBox);
  // Last: the layers' effects above have set what the moved slider shows.
  useDrawnAtOnce(mapRef, sliderMoved);

  const palette = PALETTES[mapStyle];
  return (
    <div className="aurora-map__ol-wrap">
      <div
        ref={targetRef}
        className="aurora-map__ol"
        tabIndex={0}
        role="application"
        aria-roledescription="map"
        aria-label={label}
        data-view={view}
        data-hemisphere={hemisphere}
        data-map-style={mapStyle}
        style={{ background: view === '3d' ? palette.space : palette.ocean }}
      />
      {basemap.error && (
        <p className="aurora-map__notice" role="status">
          Basemap could not be loaded: {basemap.error}
        </p>
      )}
      {projection.error && (
        <p className="aurora-map__notice" role="status">
          The globe view could not be loaded: {projection.error}
        </p>
      )}
    </div>
  );
}
