/**
 * The offline basemap: Natural Earth 110m land and countries from world-atlas, bundled as an asset
 * (precached by the service worker, so it draws with no network from the first install).
 */
import type Feature from 'ol/Feature.js';
import TopoJSON from 'ol/format/TopoJSON.js';
import type Geometry from 'ol/geom/Geometry.js';
import MultiLineString from 'ol/geom/MultiLineString.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Polygon from 'ol/geom/Polygon.js';
import countriesUrl from 'world-atlas/countries-110m.json?url';
import { clipPolygonToHemisphere, unwrapRing, visibleRuns, type Ring } from '../hemisphereClip.ts';
import { ORTHO_RADIUS, projectionCode, type ProjectionSpec } from '../projections.ts';
import type { ProjectedPolygon } from './basemapSource.ts';

export interface Basemap {
  land: Feature<Geometry>[];
  countries: Feature<Geometry>[];
}

let loading: Promise<Basemap> | null = null;

/** Loads and parses the TopoJSON once per page; features stay in EPSG:4326. */
export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`basemap HTTP ${res.status}`);
      return res.json() as Promise<unknown>;
    })
    .then((topo) => {
      // One read for both objects: the reader decodes the shared arcs in place, so a second read
      // of the same topology would decode them twice.
      const features = new TopoJSON({
        layers: ['land', 'countries'],
        layerName: 'layer',
      }).readFeatures(topo, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:4326',
      });
      return {
        land: features.filter((f) => f.get('layer') === 'land'),
        countries: features.filter((f) => f.get('layer') === 'countries'),
      };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Rings of a polygonal geometry, one entry per polygon; other geometry types give nothing. */
function polygonsOf(geometry: Geometry | undefined): Ring[][] {
  if (geometry instanceof Polygon) return [geometry.getCoordinates() as Ring[]];
  if (geometry instanceof MultiPolygon) return geometry.getCoordinates() as Ring[][];
  return [];
}

/**
 * A lon/lat polygon geometry in the view's projection. For the globe it is first clipped to the
 * visible hemisphere: the orthographic projection has no far side.
 */
export function projectPolygons(polygons: Ring[][], spec: ProjectionSpec): Geometry | null {
  const kept =
    spec.kind === 'ortho'
      ? polygons
          .map((p) => clipPolygonToHemisphere(p, spec.hemisphere))
          .filter((p): p is Ring[] => p !== null)
      : polygons;
  if (kept.length === 0) return null;
  const geometry = kept.length === 1 ? new Polygon(kept[0]!) : new MultiPolygon(kept);
  return geometry.transform('EPSG:4326', projectionCode(spec));
}

/** One feature's polygons in the view projection (none when it is out of sight). */
function projectFeature(feature: Feature<Geometry>, spec: ProjectionSpec): ProjectedPolygon[] {
  const polygons = polygonsOf(feature.getGeometry()).map((rings) => rings.map(unwrapRing));
  const geometry = projectPolygons(polygons, spec);
  if (geometry instanceof Polygon) return [geometry.getCoordinates()];
  if (geometry instanceof MultiPolygon) return geometry.getCoordinates();
  return [];
}

/** Longest stretch of projecting before giving the main thread back (a phone is ~4× slower). */
export const PROJECT_SLICE_MS = 8;

/**
 * The features' polygons in the view projection, for basemapSource.ts (those out of sight
 * dropped), worked out in slices of PROJECT_SLICE_MS with a yield between them: all ~180 country
 * polygons at once took ~20 ms unthrottled, a long task on a phone. Null when `cancelled()` turns
 * true between slices (the view changed meanwhile).
 */
export async function projectFeaturePolygons(
  features: Feature<Geometry>[],
  spec: ProjectionSpec,
  cancelled: () => boolean = () => false,
  yieldNow: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
  now: () => number = () => performance.now(),
): Promise<ProjectedPolygon[] | null> {
  const out: ProjectedPolygon[] = [];
  // The first slice, too, runs in a task of its own, not in the caller's (a React commit).
  await yieldNow();
  if (cancelled()) return null;
  let sliceStart = now();
  for (const feature of features) {
    if (now() - sliceStart >= PROJECT_SLICE_MS) {
      await yieldNow();
      if (cancelled()) return null;
      sliceStart = now();
    }
    for (const polygon of projectFeature(feature, spec)) out.push(polygon);
  }
  return out;
}

/** A lon/lat line in the view projection; on the globe only its runs on the visible side. */
export function projectLine(line: Ring, spec: ProjectionSpec): Geometry | null {
  const runs = spec.kind === 'ortho' ? visibleRuns(line, spec.hemisphere) : [line];
  if (runs.length === 0) return null;
  return new MultiLineString(runs).transform('EPSG:4326', projectionCode(spec));
}

/** The globe's disc (ortho) — the ocean under the land. Null for the flat map, whose ocean is the background. */
export function globeDisc(spec: ProjectionSpec): Polygon | null {
  if (spec.kind !== 'ortho') return null;
  const ring: number[][] = [];
  for (let a = 0; a <= 360; a += 2) {
    const t = (a * Math.PI) / 180;
    ring.push([ORTHO_RADIUS * Math.cos(t), ORTHO_RADIUS * Math.sin(t)]);
  }
  return new Polygon([ring]);
}
