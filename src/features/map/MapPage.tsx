import { lazy, Suspense, useCallback, useMemo, useReducer, useState } from 'react';
import { AuroraLegend } from './AuroraLegend.tsx';
import type { CloudImage } from './auroraMapProps.ts';
import { gridFreshness } from './freshness.ts';
import { LocationPanel } from './LocationPanel.tsx';
import { MapControls } from './MapControls.tsx';
import { MapStatus } from './MapStatus.tsx';
import { mapStyleName, type MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';
import { SummaryPanel } from './SummaryPanel.tsx';
import { TimeSlider } from './TimeSlider.tsx';
import { INITIAL_SLIDER, sliderReducer } from './timeSlider.ts';
import { useMapPageData } from './useMapPageData.ts';
import { useNow } from './useNow.ts';
import { useUserLocation } from './useUserLocation.ts';
import './MapPage.css';

// OpenLayers is most of the map's weight: the page frame, legend and panels paint before it loads.
const AuroraMap = lazy(() => import('./olmap/AuroraMap.tsx'));

/** No weather source exists yet, so no cloud image is ever stored; the layer says so instead of pretending. */
const CLOUD_IMAGE: CloudImage | null = null;

const MAP_LABEL = 'Aurora map. Arrow keys pan, plus and minus zoom.';

export function MapPage() {
  const data = useMapPageData();
  const now = useNow();
  const location = useUserLocation();
  const prefs = data.preferences;

  // Preferences give the starting state; a control changes it for this visit only.
  const [viewChoice, setViewChoice] = useState<MapViewKind | null>(null);
  const [styleChoice, setStyleChoice] = useState<MapStyleName | null>(null);
  const [auroraChoice, setAuroraChoice] = useState<boolean | null>(null);
  const [cloudsChoice, setCloudsChoice] = useState<boolean | null>(null);
  const [hemisphereChoice, setHemisphereChoice] = useState<Hemisphere | null>(null);
  const view = viewChoice ?? prefs.defaultMapView;
  const mapStyle = styleChoice ?? mapStyleName(prefs.defaultMapStyle);
  const showAurora = auroraChoice ?? prefs.showAuroraOnLoad;
  const showClouds = cloudsChoice ?? prefs.showCloudsOnLoad;
  const userPosition = location.state.status === 'located' ? location.state.position : null;
  const hemisphere = hemisphereChoice ?? (userPosition && userPosition.lat < 0 ? 'south' : 'north');

  const frames = data.frames;
  const [slider, dispatch] = useReducer(sliderReducer, INITIAL_SLIDER);
  // Adjusted during render (not in an effect) so the slider never lags the frames it describes.
  if (slider.count !== frames.length) dispatch({ type: 'frames', count: frames.length });
  const frameIndex = slider.index >= 0 && slider.index < frames.length ? slider.index : frames.length - 1;
  const grid = frames[frameIndex] ?? null;
  const isNewest = frameIndex === frames.length - 1;
  const times = useMemo(() => frames.map((f) => f.observationTime), [frames]);
  const freshness = grid ? gridFreshness(grid.observationTime, now, data.feedState, isNewest) : null;

  const [renderedFrame, setRenderedFrame] = useState<number | null>(null);
  const onRendered = useCallback((t: number | null) => setRenderedFrame(t), []);

  return (
    <div className={`map-page map-page--${mapStyle}`} data-rendered-frame={renderedFrame ?? ''}>
      <header className="map-page__header">
        <h1 className="map-page__title">Aurora Map</h1>
      </header>
      <div className="map-page__body">
        <div className="map-page__main">
          <div className="map-page__map">
            <Suspense fallback={<p className="map-page__loading">Loading map data...</p>}>
              <AuroraMap
                grid={grid}
                view={view}
                hemisphere={hemisphere}
                mapStyle={mapStyle}
                showAurora={showAurora}
                showClouds={showClouds}
                cloudImage={CLOUD_IMAGE}
                userLocation={userPosition}
                terminatorTime={grid ? grid.forecastTime : now}
                label={MAP_LABEL}
                onRendered={onRendered}
              />
            </Suspense>
            <MapStatus
              grid={grid}
              freshness={freshness}
              loading={data.gridsLoading}
              error={data.gridsError}
              feedError={data.feedError}
              isNewest={isNewest}
              showAurora={showAurora}
              showClouds={showClouds}
              hasCloudData={CLOUD_IMAGE !== null}
              now={now}
            />
          </div>
          <TimeSlider state={slider} dispatch={dispatch} times={times} />
        </div>
        <aside className="map-page__side" aria-label="Map options and readings">
          <AuroraLegend hidden={!showAurora} />
          <MapControls
            view={view}
            hemisphere={hemisphere}
            mapStyle={mapStyle}
            showAurora={showAurora}
            showClouds={showClouds}
            onView={setViewChoice}
            onHemisphere={setHemisphereChoice}
            onMapStyle={setStyleChoice}
            onShowAurora={setAuroraChoice}
            onShowClouds={setCloudsChoice}
          />
          <LocationPanel state={location.state} onRequest={location.request} grid={grid} />
          <SummaryPanel summary={data.summary} loading={data.summaryLoading} now={now} />
        </aside>
      </div>
    </div>
  );
}

export default MapPage;
