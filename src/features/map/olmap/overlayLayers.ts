/**
 * The map's vector layers — the globe's ocean disc, the night side with its terminator line, the
 * user's place — as a chunk of its own, loaded once the first oval is drawn (useOverlayLayers.ts):
 * OpenLayers' vector rendering (layers, sources, styles, the canvas instruction builders) is about
 * a third of the map's code (~25 KB gzip), and none of it is needed for the first oval.
 */
import Feature from 'ol/Feature.js';
import type Geometry from 'ol/geom/Geometry.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style.js';
import type { LatLon } from '../gridLookup.ts';
import { forwardProject, type ProjectionSpec } from '../projections.ts';
import { nightPolygon, terminatorLine } from '../terminator.ts';
import { globeDisc, projectLine, projectPolygons } from './basemap.ts';
import type { MapPalette } from './palette.ts';

export interface OverlayLayers {
  /** Under the land (z 0): the globe's ocean; empty on the flat map, whose ocean is the background. */
  disc: VectorLayer<VectorSource>;
  /** Over the land, under the clouds (z 3). */
  night: VectorLayer<VectorSource>;
  /** On top (z 6). */
  user: VectorLayer<VectorSource>;
}

const vector = (zIndex: number) =>
  new VectorLayer({
    source: new VectorSource({ wrapX: false }),
    zIndex,
    updateWhileInteracting: false,
  });

export function createOverlayLayers(): OverlayLayers {
  return { disc: vector(0), night: vector(3), user: vector(6) };
}

export function styleOverlayLayers(layers: OverlayLayers, palette: MapPalette): void {
  layers.disc.setStyle(
    new Style({
      fill: new Fill({ color: palette.ocean }),
      stroke: new Stroke({ color: palette.coast, width: 1 }),
    }),
  );
  const nightFill = new Style({ fill: new Fill({ color: palette.night }) });
  const terminator = new Style({
    stroke: new Stroke({ color: palette.terminator, width: 1.2, lineDash: [5, 5] }),
  });
  layers.night.setStyle((feature) =>
    feature.getGeometry()?.getType().endsWith('LineString') ? terminator : nightFill,
  );
  layers.user.setStyle(
    new Style({
      image: new CircleStyle({
        radius: 7,
        fill: new Fill({ color: palette.userFill }),
        stroke: new Stroke({ color: palette.userStroke, width: 2 }),
      }),
    }),
  );
}

/** The globe's disc for the view (none on the flat map). */
export function showDisc(layers: OverlayLayers, spec: ProjectionSpec): void {
  const source = layers.disc.getSource()!;
  source.clear();
  const disc = globeDisc(spec);
  if (disc) source.addFeature(new Feature(disc));
}

/** The night side and the terminator line at `time`, in the view's projection. */
export function showNight(layers: OverlayLayers, spec: ProjectionSpec, time: number): void {
  const source = layers.night.getSource()!;
  source.clear();
  const area = projectPolygons([[nightPolygon(time)]], spec);
  const line = projectLine(terminatorLine(time), spec);
  if (area) source.addFeature(new Feature<Geometry>(area));
  if (line) source.addFeature(new Feature<Geometry>(line));
}

/** The user's place as a marker (none when unknown or out of sight). */
export function showUser(layers: OverlayLayers, spec: ProjectionSpec, at: LatLon | null): void {
  const source = layers.user.getSource()!;
  source.clear();
  const point = at ? forwardProject(spec, at.lon, at.lat) : null;
  if (point) source.addFeature(new Feature(new Point(point)));
}
