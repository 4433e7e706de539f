/**
 * The one OpenLayers wrapper: creates the map on mount, disposes it on unmount, and maps props onto
 * layers. Everything it draws comes from props (local data); it never fetches agency data. The only
 * network-looking request is the bundled basemap asset, which the service worker precaches.
 */
import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import Feature from 'ol/Feature.js';
import OlMap, { type FrameState } from 'ol/Map.js';
import { Attribution, Zoom } from 'ol/control.js';
import type Geometry from 'ol/geom/Geometry.js';
import Point from 'ol/geom/Point.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import type { AuroraMapProps } from '../auroraMapProps.ts';
import type { LatLon } from '../gridLookup.ts';
import {
  forwardProject,
  inverseProject,
  ORTHO_RADIUS,
  projectionSpec,
  type Hemisphere,
  type ProjectionSpec,
} from '../projections.ts';
import { nightPolygon, terminatorLine } from '../terminator.ts';
import {
  globeDisc,
  loadBasemap,
  projectBasemapPolygons,
  projectLine,
  projectPolygons,
  type Basemap,
} from './basemap.ts';
import type { BasemapPaint } from './basemapSource.ts';
import { createView, fitAuroralZone } from './mapView.ts';
import { createLayers, glyph, styleLayers, type Layers } from './mapLayers.ts';
import { olProjection } from './olProjection.ts';
import { PALETTES } from './palette.ts';
import { markOnce } from '../perfMarks.ts';
import { useViewBoxReports } from './viewBox.ts';

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
    label,
    onRendered,
    onPick,
    onViewBox,
  } = props;
  const home = userLocation;
  // Where the flat map opens, read when a view is made; `moved` turns true once the person pans or
  // zooms, after which a location arriving late no longer moves the map under them.
  const homeRef = useRef<{
    home: LatLon | null;
    hemisphere: Hemisphere;
    moved: boolean;
    fitting: boolean;
  }>({
    home,
    hemisphere,
    moved: false,
    fitting: false,
  });
  homeRef.current.home = home;
  homeRef.current.hemisphere = hemisphere;
  const targetRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<{ map: OlMap; layers: Layers } | null>(null);
  // What the canvas function paints: read at render time so a new frame needs only source.changed().
  const cloudRef = useRef<AuroraMapProps['cloudImage']>(null);
  const basemapRef = useRef<BasemapPaint>({
    land: [],
    outlines: [],
    landColour: PALETTES[mapStyle].land,
    coastColour: PALETTES[mapStyle].coast,
  });
  const paintRef = useRef<{
    spec: ProjectionSpec;
    values: Uint8Array | null;
    frame: number | null;
  }>({
    spec: { kind: 'mercator' },
    values: null,
    frame: null,
  });
  // Which frame is on screen, tracked at render time: `composed` is the frame the aurora image
  // showed in the latest map render.
  // `rendercomplete` comes in a timeout after the render, by when a newer frame may be wanted but
  // not yet drawn, so it reports `composed`, never the wanted frame.
  // The latest rendered frame: the basemap is painted ahead for its extent and resolution.
  const lastFrameRef = useRef<FrameState | null>(null);
  const renderedRef = useRef<{ composed: number | null; notify?: (frame: number | null) => void }>({
    composed: null,
  });
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  // The oval first: the basemap (parse, project, draw ~180 polygons) starts once the first oval is
  // on screen, or at once when there is no oval to wait for.
  const [basemapWanted, setBasemapWanted] = useState(false);
  const wantBasemapRef = useRef(() => setBasemapWanted(true));
  const [basemapError, setBasemapError] = useState<string | null>(null);
  const [projectionError, setProjectionError] = useState<string | null>(null);
  // The projection the map currently shows (set once it is registered and the view is in place).
  const [active, setActive] = useState<ProjectionSpec | null>(null);

  const lon0 = view === '3d' ? Math.round((userLocation?.lon ?? 0) * 10) / 10 : 0;

  // Create once, dispose on unmount: the map's whole life cycle lives here.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const { layers, basemapSource, auroraSource, cloudSource } = createLayers({
      basemap: () => basemapRef.current,
      aurora: () => paintRef.current,
      // Clouds: the regional layer's cells for the hour shown, on the same projection.
      clouds: () => ({ spec: paintRef.current.spec, cells: cloudRef.current }),
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
    // What is on screen, for tests and the bench: the frame (observation time) and the projection.
    markOnce('map:ol-created');
    layers.aurora.on('postrender', () => {
      renderedRef.current.composed = auroraSource.paintedFrame;
      markOnce('map:aurora-painted');
    });
    map.on('postrender', (event) => {
      lastFrameRef.current = event.frameState;
      // A hidden aurora layer draws nothing: then the frame "shown" is the one the page asks for.
      if (layers.aurora.getVisible()) return;
      renderedRef.current.composed = paintRef.current.frame;
      // No oval yet: the view's sampling is built before the first one comes (auroraSource.ts).
      if (paintRef.current.values === null && event.frameState)
        auroraSource.prepareFor(event.frameState);
    });
    map.on('rendercomplete', () => {
      const frame = renderedRef.current.composed;
      if (frame !== null) {
        markOnce('map:oval-drawn');
        wantBasemapRef.current();
      }
      target.dataset.renderedFrame = frame === null ? '' : String(frame);
      target.dataset.renderedProjection = map.getView().getProjection().getCode();
      // Where the view is centred, as lon,lat (where the map opens is tested end to end).
      const centre = map.getView().getCenter();
      const lonLat: [number, number] = [0, 0];
      target.dataset.viewCentre =
        centre && inverseProject(paintRef.current.spec, centre[0]!, centre[1]!, lonLat)
          ? `${lonLat[0].toFixed(1)},${lonLat[1].toFixed(1)}`
          : '';
      target.dataset.viewZoom = (map.getView().getZoom() ?? 0).toFixed(2);
      // Set once the land is drawn (it follows the first oval): screenshots wait for it.
      target.dataset.basemap = basemapSource.hasLand() ? 'drawn' : '';
      // The share of the view inside cloud cells with a value, and their size (e2e: cells across the view).
      const cloudsShown = layers.clouds.getVisible() && cloudSource.paintedTime !== null;
      target.dataset.cloudCoverage = cloudsShown ? cloudSource.coverage.toFixed(3) : '';
      target.dataset.cloudCellDeg = cloudsShown ? String(cloudRef.current?.cellDeg ?? '') : '';
      renderedRef.current.notify?.(frame);
    });
    mapRef.current = { map, layers };
    return () => {
      mapRef.current = null;
      map.setTarget(undefined);
      map.dispose();
    };
  }, []);

  useEffect(() => {
    if (!showAurora || (!grid && !gridPending)) setBasemapWanted(true);
  }, [grid, gridPending, showAurora]);

  useEffect(() => {
    if (!basemapWanted) return;
    let cancelled = false;
    loadBasemap().then(
      (b) => {
        markOnce('map:basemap-parsed');
        if (!cancelled) setBasemap(b);
      },
      (e: unknown) => !cancelled && setBasemapError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [basemapWanted]);

  // A new projection: once it is registered, a new view; the vector effects below follow `active`.
  useEffect(() => {
    let cancelled = false;
    const wanted = projectionSpec(view, hemisphere, lon0);
    olProjection(wanted).then(
      (projection) => {
        const current = mapRef.current;
        if (cancelled || !current) return;
        paintRef.current = { ...paintRef.current, spec: wanted };
        const olView = createView(wanted, projection);
        current.map.setView(olView);
        // The new view does not know the viewport's size until the next render: pass it.
        const size = current.map.getSize();
        if (wanted.kind === 'ortho') {
          const r = ORTHO_RADIUS;
          if (size) olView.fit([-r, -r, r, r], { size, padding: [12, 12, 12, 12] });
          olView.setMinZoom(Math.max(0, (olView.getZoom() ?? 1) - 0.5));
        } else if (size) {
          const h = homeRef.current;
          h.moved = false;
          h.fitting = true;
          fitAuroralZone(olView, size, h.home, h.hemisphere);
          h.fitting = false;
        }
        const noteMove = () => {
          if (!homeRef.current.fitting) homeRef.current.moved = true;
        };
        olView.on(['change:center', 'change:resolution'], noteMove);
        const disc = globeDisc(wanted);
        const discSource = current.layers.disc.getSource()!;
        discSource.clear();
        if (disc) discSource.addFeature(new Feature(disc));
        current.layers.aurora.getSource()?.changed();
        current.layers.clouds.getSource()?.changed();
        setActive(wanted);
      },
      (e: unknown) => !cancelled && setProjectionError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [view, hemisphere, lon0]);

  // A location known only after the flat map opened (read from storage, or just located): the map
  // moves there, unless the person has already moved it.
  const homeKey = home ? `${home.lat.toFixed(1)},${home.lon.toFixed(1)}` : '';
  useEffect(() => {
    const current = mapRef.current;
    const h = homeRef.current;
    if (!current || !active || active.kind !== 'mercator' || h.moved || !homeKey) return;
    const size = current.map.getSize();
    if (!size) return;
    h.fitting = true;
    fitAuroralZone(current.map.getView(), size, h.home, h.hemisphere);
    h.fitting = false;
  }, [homeKey, active]);

  useEffect(() => {
    if (!mapRef.current || !basemap || !active) return;
    let cancelled = false;
    const isCancelled = () => cancelled;
    // Coasts and borders both come from the country outlines: the land polygons carry the cut along
    // the antimeridian (to the pole, for Antarctica) which a stroke would show as a line.
    // Projected in slices (no long task). The previous view's rings mean nothing in this one.
    basemapRef.current = { ...basemapRef.current, land: [], outlines: [] };
    mapRef.current.layers.basemap.getSource()?.changed();
    void (async () => {
      const land = await projectBasemapPolygons(basemap.land, active, isCancelled);
      const outlines =
        land && (await projectBasemapPolygons(basemap.countries, active, isCancelled));
      if (cancelled || !land || !outlines) return;
      // Painted in a task of its own, not in the frame that composes it (basemapSource.ts).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const current = mapRef.current;
      if (cancelled || !current) return;
      basemapRef.current = { ...basemapRef.current, land, outlines };
      if (lastFrameRef.current)
        current.layers.basemap.getSource()?.paintAhead(lastFrameRef.current);
      current.layers.basemap.getSource()?.changed();
    })();
    return () => {
      cancelled = true;
    };
  }, [basemap, active]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current || !active) return;
    const night = current.layers.night.getSource()!;
    night.clear();
    const area = projectPolygons([[nightPolygon(terminatorTime)]], active);
    const line = projectLine(terminatorLine(terminatorTime), active);
    if (area) night.addFeature(new Feature<Geometry>(area));
    if (line) night.addFeature(new Feature<Geometry>(line));
  }, [terminatorTime, active]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    paintRef.current = {
      ...paintRef.current,
      values: grid ? grid.values : null,
      frame: grid ? grid.observationTime : null,
    };
    current.layers.aurora.setVisible(showAurora && grid !== null);
    current.layers.aurora.getSource()?.changed();
    current.map.render();
  }, [grid, showAurora]);

  useEffect(() => {
    renderedRef.current.notify = onRendered;
  }, [onRendered]);

  useViewBoxReports(mapRef, active, onViewBox);

  useEffect(() => {
    const current = mapRef.current;
    if (!current || !onPick) return;
    const key = current.map.on('singleclick', (e) => {
      const lonLat: [number, number] = [0, 0];
      if (inverseProject(paintRef.current.spec, e.coordinate[0]!, e.coordinate[1]!, lonLat))
        onPick({ lat: lonLat[1], lon: lonLat[0] });
    });
    return () => current.map.un('singleclick', key.listener);
  }, [onPick]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    cloudRef.current = cloudImage;
    const layer = current.layers.clouds;
    layer.setVisible(showClouds && cloudImage !== null);
    layer.getSource()?.changed();
    current.map.render();
    targetRef.current?.setAttribute(
      'data-cloud-time',
      showClouds && cloudImage ? String(cloudImage.time) : '',
    );
  }, [cloudImage, showClouds]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const source = current.layers.user.getSource()!;
    source.clear();
    const at =
      userLocation && active ? forwardProject(active, userLocation.lon, userLocation.lat) : null;
    if (at) source.addFeature(new Feature(new Point(at)));
  }, [userLocation, active]);

  useEffect(() => {
    const current = mapRef.current;
    if (!current) return;
    const palette = PALETTES[mapStyle];
    basemapRef.current = {
      ...basemapRef.current,
      landColour: palette.land,
      coastColour: palette.coast,
    };
    styleLayers(current.layers, palette);
  }, [mapStyle]);

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
      {basemapError && (
        <p className="aurora-map__notice" role="status">
          Basemap could not be loaded: {basemapError}
        </p>
      )}
      {projectionError && (
        <p className="aurora-map__notice" role="status">
          The globe view could not be loaded: {projectionError}
        </p>
      )}
    </div>
  );
}
