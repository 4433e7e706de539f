/**
 * The offline basemap: Natural Earth 110m land and countries from world-atlas, quantised for the
 * screen (scripts/basemap/quantizeBasemap.ts: 33 → 24 KB on the wire before the first oval),
 * bundled as an asset (precached by the service worker, so it draws with no network from the
 * first install).
 */
import MultiLineString from 'ol/geom/MultiLineString.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Polygon from 'ol/geom/Polygon.js';
import type Geometry from 'ol/geom/Geometry.js';
import countriesUrl from './basemap-110m.json?url';
import { clipPolygonToHemisphere, unwrapRing, visibleRuns, type Ring } from '../hemisphereClip.ts';
import { ORTHO_RADIUS, projectionCode, type ProjectionSpec } from '../projections.ts';
import type { ProjectedPolygon } from './paintedSource.ts';
import type { ProjectedLine } from './shapesSource.ts';
import { decodeArcs, objectPolygons, type Topology } from './topoPolygons.ts';

/** Land and country polygons (each a list of lon/lat rings, the outer one first). */
export interface Basemap {
  land: Ring[][];
  countries: Ring[][];
}

let loading: Promise<Basemap> | null = null;

/** Loads and decodes the TopoJSON once per page (topoPolygons.ts); rings stay in lon/lat. */
export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(countriesUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`basemap HTTP ${res.status}`);
      return res.json() as Promise<Topology>;
    })
    .then((topo) => {
      // Both objects share the arcs: decoded once.
      const arcs = decodeArcs(topo);
      return {
        land: objectPolygons(topo, 'land', arcs),
        countries: objectPolygons(topo, 'countries', arcs),
      };
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
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

/** A projected polygon geometry's polygons, as the painted sources take them. */
export function polygonsOf(geometry: Geometry | null): ProjectedPolygon[] {
  if (geometry instanceof Polygon) return [geometry.getCoordinates()];
  if (geometry instanceof MultiPolygon) return geometry.getCoordinates();
  return [];
}

/** A projected line geometry's lines. */
export function linesOf(geometry: Geometry | null): ProjectedLine[] {
  return geometry instanceof MultiLineString ? geometry.getCoordinates() : [];
}

/** One lon/lat polygon in the view projection (none when it is out of sight). */
function projectPolygon(rings: Ring[], spec: ProjectionSpec): ProjectedPolygon[] {
  return polygonsOf(projectPolygons([rings.map(unwrapRing)], spec));
}

/** Longest stretch of projecting before giving the main thread back (a phone is ~4× slower). */
export const PROJECT_SLICE_MS = 8;

/**
 * The basemap's polygons in the view projection, for basemapSource.ts (those out of sight
 * dropped), worked out in slices of PROJECT_SLICE_MS with a yield between them: all ~180 country
 * polygons at once took ~20 ms unthrottled, a long task on a phone. Null when `cancelled()` turns
 * true between slices (the view changed meanwhile).
 */
export async function projectBasemapPolygons(
  polygons: Ring[][],
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
  for (const rings of polygons) {
    if (now() - sliceStart >= PROJECT_SLICE_MS) {
      await yieldNow();
      if (cancelled()) return null;
      sliceStart = now();
    }
    for (const polygon of projectPolygon(rings, spec)) out.push(polygon);
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
