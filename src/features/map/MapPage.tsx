import { startTransition, Suspense, useCallback, useMemo, useReducer, useState } from 'react';
import { AuroraLegend } from './AuroraLegend.tsx';
import type { CloudImage } from './auroraMapProps.ts';
import { usePlaces, useWeather } from '../../../sync/react/index.ts';
import { useRegionalClouds } from './useRegionalClouds.ts';
import { placeInUse } from '../../../sync/places/places.ts';
import { SavedPlaces } from './SavedPlaces.tsx';
import { pageNewestGrid } from '../../../sync/grids/newestGrid.ts';
import { gridFreshness } from './freshness.ts';
import { LocationPanel } from './LocationPanel.tsx';
import { MapControls } from './MapControls.tsx';
import { MapStatus } from './MapStatus.tsx';
import { MAP_FRAME_LOADING, MAP_TITLE, TonightNeedsPlace } from './MapPageFrame.tsx';
import { mapStyleName, type MapStyleName } from './olmap/palette.ts';
import type { Hemisphere, MapViewKind } from './projections.ts';
import { TimeSlider } from './TimeSlider.tsx';
import { INITIAL_SLIDER, sliderReducer } from './timeSlider.ts';
import { forecastHoursAhead, shownAt } from './timeline.ts';
import { useMapPageData } from './useMapPageData.ts';
import { useChunk } from './chunkLoader.ts';
import { auroraMapChunk } from './mapChunks.ts';
import { markOnce } from './perfMarks.ts';
import { earlyMapRecord } from './earlyMap.ts';
import { useMapHome } from './useMapHome.ts';
import { useNow } from '../../ui/useNow.ts';
import { useUserLocation } from './useUserLocation.ts';
import { useAfterFirstPaint } from '../../ui/useAfterFirstPaint.ts';
import { useClock } from '../../lib/useClock.ts';
import {
  HistorySlot,
  KeepScreenOn,
  LiveSummaryPanel,
  NearViewportSlot,
  NightModeOffer,
  NightPlan,
  useTonightComponent,
} from './mapPageParts.tsx';
import './mapFrame.css';
import './MapPage.css';

// This module loads only for route `/`. Everything the first oval needs starts now, in parallel:
// the newest stored grid (database open + one read) and OpenLayers (most of the map's weight,
// its own chunk so the page frame, legend and panels paint before it arrives).
markOnce('map:page-module');
// Read now, before any hook asks for the database: with a kept grid it holds the database behind
// the first oval (earlyMap.ts).
void earlyMapRecord();
const newestGrid = pageNewestGrid({
  onOpen: () => markOnce('map:db-open'),
  onFirstRead: () => markOnce('map:grid-read'),
  // Offline, the last oval comes from its one-record store before RxDB is loaded (earlyMap.ts).
  early: () =>
    earlyMapRecord().then((r) => {
      if (r.newest) markOnce('map:early-grid');
      return r.newest?.grid ?? null;
    }),
});
// In a task of its own: opening the database is a chain of promise callbacks that would otherwise
// run on in the same long task as this chunk's evaluation.
setTimeout(() => newestGrid.start(), 0);
// Usually asked for already by the route (MapRoute.tsx): then this joins that fetch.
void auroraMapChunk.load().catch(() => undefined);

const HOUR = 3_600_000;

const MAP_LABEL = 'Aurora map. Arrow keys pan, plus and minus zoom.';

function MapPage() {
  // The slider's 24 h of grids are read once the first oval is drawn (see useMapPageData).
  const [ovalShown, setOvalShown] = useState(false);
  // A transition: what the first oval lets start (the 24 h window's read, tonight's verdict, the
  // history panel, the clouds) renders time-sliced, not as one task right after the oval's frame.
  const onRendered = useCallback((frame: number | null) => {
    if (frame !== null) startTransition(() => setOvalShown(true));
  }, []);
  const data = useMapPageData(ovalShown);
  const { module: auroraMap, error: mapLoadError } = useChunk(auroraMapChunk);
  const AuroraMap = auroraMap?.default;
  const now = useNow();
  const location = useUserLocation(data.rememberedLocation, data.rememberLocation);
  // The map's choices are the user's preferences (view, style, layers; replicated once signed in)
  // and this device's hemisphere: a control changes them for good, and a change synced from
  // another device or tab shows here without a reload (the latest choice wins, mapPageData.ts).
  const { choices, choose } = data;
  const view = choices.view;
  const mapStyle = mapStyleName(choices.mapStyle);
  const showAurora = choices.showAurora;
  const showClouds = choices.showClouds;
  const located = location.state.status === 'located' ? location.state : null;
  // Tonight's place and where the map opens: the latest of the chosen saved place and the shared position.
  const places = usePlaces();
  const lLat = located?.position.lat ?? null;
  const lLon = located?.position.lon ?? null;
  const lAt = located?.at ?? 0;
  const inUse = useMemo(
    () =>
      placeInUse(
        places.data,
        lLat === null || lLon === null ? null : { lat: lLat, lon: lLon, at: lAt },
      ),
    [places.data, lLat, lLon, lAt],
  );
  const uLat = inUse?.lat ?? null;
  const uLon = inUse?.lon ?? null;
  const userPosition = useMemo(
    () => (uLat === null || uLon === null ? null : { lat: uLat, lon: uLon }),
    [uLat, uLon],
  );
  // Every time on the page in one clock: the local time of the place in use (or UTC, if chosen).
  const clock = useClock(inUse);
  const [picked, setPicked] = useState<{ lat: number; lon: number } | null>(null);
  // Where the map opens and which pole it shows (useMapHome.ts): until the place in use is read,
  // the place it last opened on.
  const home = useMapHome(userPosition, data.rememberedLocationLoading || places.isLoading);
  const hemisphere = choices.hemisphere ?? (home && home.lat < 0 ? 'south' : 'north');
  const onView = useCallback((v: MapViewKind) => choose({ view: v }), [choose]);
  const onHemisphere = useCallback((h: Hemisphere) => choose({ hemisphere: h }), [choose]);
  const onMapStyle = useCallback((st: MapStyleName) => choose({ mapStyle: st }), [choose]);
  const onShowAurora = useCallback((b: boolean) => choose({ showAurora: b }), [choose]);
  const onShowClouds = useCallback((b: boolean) => choose({ showClouds: b }), [choose]);
  const frames = data.frames;
  const weather = useWeather(userPosition).data.weather;
  // The regional cloud layer of what the map shows (useRegionalClouds.ts), never before the first
  // oval is drawn (or there is none to wait for).
  const regional = useRegionalClouds(
    showClouds,
    ovalShown || (!data.gridsLoading && frames.length === 0),
  );
  const { code: cloudCode, keys: cloudKeys, tiles: clouds, layer: cloudLayer } = regional;
  // Only with a place to judge, and after the first oval: without a place the line needs no code.
  const {
    Tonight,
    forecast,
    magnetic: magneticAt,
    error: tonightError,
  } = useTonightComponent(
    userPosition !== null && (ovalShown || (!data.gridsLoading && frames.length === 0)),
  );
  // The history panel waits for the first oval; with none to wait for (the aurora layer off, or no
  // frame stored and the oval's feed failing) it comes once the stored grids are read.
  const historyWanted =
    ovalShown ||
    (!data.gridsLoading && (!showAurora || (frames.length === 0 && data.feedState === 'error')));
  // The slider runs past the newest frame into the stored cloud forecast's next hours (timeline.ts):
  // the regional layer's while it is on, else the place's. Their words come with either chunk.
  const nowHour = Math.round(now / HOUR) * HOUR;
  const words = forecast ?? cloudCode;
  const placeHours = weather?.data.place.hours?.time;
  const cloudHours = regional.hours.length > 0 ? regional.hours : placeHours;
  const ahead = useMemo(
    () => (words && frames.length ? forecastHoursAhead(cloudHours, nowHour) : []),
    [words, frames.length, cloudHours, nowHour],
  );
  const [slider, dispatch] = useReducer(sliderReducer, INITIAL_SLIDER);
  // Adjusted during render (not in an effect) so the slider never lags the positions it describes.
  const positions = frames.length + ahead.length;
  if (slider.count !== positions || slider.latest !== frames.length - 1)
    dispatch({ type: 'frames', count: positions, latest: frames.length - 1 });
  const shown = shownAt(slider.index, frames, ahead, now);
  const frameIndex = shown.frameIndex;
  const grid = frames[frameIndex] ?? null;
  const isNewest = frameIndex === frames.length - 1;
  const times = useMemo(() => frames.map((f) => f.observationTime), [frames]);
  const freshness = grid
    ? gridFreshness(grid.observationTime, now, data.feedState, isNewest)
    : null;
  // Clouds: the stored forecast hour nearest the time shown — now on the newest frame (however old
  // it is, the sky above the user is the one of now), an earlier frame's forecast time, or the
  // forecast hour the slider was moved to.
  const cloudHour = Math.round(shown.cloudAt / HOUR) * HOUR;
  const cloudCells = useMemo(
    () =>
      cloudCode && showClouds
        ? cloudCode.composeCloudCells(clouds.tiles, cloudKeys, cloudLayer, cloudHour)
        : null,
    [cloudCode, showClouds, clouds.tiles, cloudKeys, cloudLayer, cloudHour],
  );
  const cloudImage: CloudImage | null = cloudCells;
  const newest = frames[frames.length - 1] ?? null;
  // The side panels (legend, controls, places, summary) mount after the page's first paint: on a
  // phone they sit below the map, and creating them in the same commit made one long task.
  const sideReady = useAfterFirstPaint();

  return (
    <div className={`map-page map-page--${mapStyle}`}>
      <header className="map-page__header">
        <h1 className="map-page__title">{MAP_TITLE}</h1>
        {userPosition === null ? (
          <p className="map-page__tonight-wait" data-testid="tonight-verdict">
            <TonightNeedsPlace />
          </p>
        ) : Tonight ? (
          <Tonight
            place={userPosition}
            placeName={inUse?.name ?? 'Your location'}
            placeId={inUse?.placeId ?? null}
            ovation={newest}
            weather={weather}
            now={now}
            clock={clock}
          />
        ) : (
          <p className="map-page__tonight-wait" data-testid="tonight-verdict">
            {tonightError
              ? `Tonight’s verdict could not be loaded: ${tonightError}`
              : 'Tonight: working it out…'}
          </p>
        )}
      </header>
      <div className="map-page__body">
        <div className="map-page__main">
          <div className="map-page__map">
            {AuroraMap ? (
              <AuroraMap
                // On a forecast hour the oval is drawn only where OVATION's forecast reaches it.
                grid={shown.ovalDrawn ? grid : null}
                gridPending={data.gridsLoading}
                onRendered={onRendered}
                view={view}
                hemisphere={hemisphere}
                mapStyle={mapStyle}
                showAurora={showAurora}
                showClouds={showClouds}
                cloudImage={cloudImage}
                userLocation={home}
                onViewBox={regional.onViewBox}
                terminatorTime={shown.forecastHour ?? (grid ? grid.forecastTime : now)}
                sliderMoves={slider.moves}
                label={MAP_LABEL}
                onPick={setPicked}
              />
            ) : (
              <p className="map-page__loading" role={mapLoadError ? 'alert' : undefined}>
                {mapLoadError ? `The map could not be loaded: ${mapLoadError}` : MAP_FRAME_LOADING}
              </p>
            )}
          </div>
          {/* After the map, not in it: on a narrow screen the lines sit under the map (over it they
              covered its top third, and the user's place), on a wide one over its top corner
              (MapPage.css). */}
          <MapStatus
            grid={grid}
            freshness={freshness}
            loading={data.gridsLoading}
            error={data.gridsError}
            feedError={data.feedError}
            isNewest={isNewest}
            showAurora={showAurora}
            showClouds={showClouds}
            cloudStatus={
              cloudCode ? (
                <cloudCode.CloudLayerStatus
                  cells={cloudCells}
                  layer={cloudLayer}
                  stored={clouds.tiles.size}
                  feed={clouds.feed}
                  online={regional.online}
                  now={now}
                  clock={clock}
                  place={
                    weather
                      ? {
                          run: weather.data.place.updatedAt ?? weather.issued,
                          replay: Boolean(weather.data.place.replayOf),
                        }
                      : null
                  }
                />
              ) : null
            }
            forecastStatus={
              words && shown.forecastHour !== null && shown.hoursAhead !== null ? (
                <words.ForecastHourStatus
                  hour={shown.forecastHour}
                  hoursAhead={shown.hoursAhead}
                  grid={grid}
                  showAurora={showAurora}
                  now={now}
                  clock={clock}
                />
              ) : null
            }
            now={now}
            clock={clock}
          />
          <TimeSlider
            state={slider}
            dispatch={dispatch}
            times={times}
            ahead={ahead}
            forecastText={words?.forecastPositionText}
            ovalFor={newest?.forecastTime ?? null}
            clock={clock}
          />
        </div>
        <aside className="map-page__side" aria-label="Map options and readings">
          {sideReady && (
            <>
              {ovalShown && (
                <Suspense fallback={null}>
                  <NightModeOffer
                    place={userPosition}
                    placeName={inUse?.name ?? 'your place'}
                    now={now}
                  />
                  <KeepScreenOn />
                </Suspense>
              )}
              <AuroraLegend hidden={!showAurora} />
              <MapControls
                view={view}
                hemisphere={hemisphere}
                mapStyle={mapStyle}
                showAurora={showAurora}
                showClouds={showClouds}
                cloudLayer={cloudLayer}
                onView={onView}
                onHemisphere={onHemisphere}
                onMapStyle={onMapStyle}
                onShowAurora={onShowAurora}
                onShowClouds={onShowClouds}
                onCloudLayer={regional.setLayer}
              />
              <LocationPanel
                state={location.state}
                onRequest={location.request}
                grid={grid}
                magnetic={magneticAt}
                now={now}
                stale={freshness?.stale ?? false}
              />
              <SavedPlaces
                // A new pick fills the form afresh.
                key={picked ? `${picked.lat},${picked.lon}` : 'none'}
                picked={picked}
                places={places.data}
                inUseId={inUse?.placeId ?? null}
                located={located?.position ?? null}
                onSave={places.save}
                onChoose={places.choose}
                onRemove={places.remove}
              />
              {ovalShown && (
                <NearViewportSlot testId="night-plan-slot">
                  <NightPlan
                    places={places.data}
                    inUseId={inUse?.placeId ?? null}
                    ovation={newest}
                    weather={weather}
                    now={now}
                    clock={clock}
                  />
                </NearViewportSlot>
              )}
              <LiveSummaryPanel now={now} />
              {historyWanted && <HistorySlot now={now} clock={clock} />}
            </>
          )}
        </aside>
      </div>
    </div>
  );
}

export default MapPage;
