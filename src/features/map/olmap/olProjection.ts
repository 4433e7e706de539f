/**
 * OpenLayers projections for the two views, defined locally (EPSG look-ups would go online). The
 * globe's transforms are our own orthographic formulas (projections.ts, checked against proj4 in
 * tests/unit/features/map/projections.test.ts), not proj4's: proj4's generic pipeline made
 * projecting the night side and the land for the globe several times slower per point, and its
 * registration with OpenLayers (`ol/proj/proj4`'s register(), a transform between every pair of
 * proj4's dozen definitions) was the longest part of the first switch to the globe (~250 ms at 4×
 * CPU slowdown, `npm run bench -- interact`).
 */
import {
  addCoordinateTransforms,
  addProjection,
  get as getProjection,
  toLonLat,
  fromLonLat,
} from 'ol/proj.js';
import Projection from 'ol/proj/Projection.js';
import type { Coordinate } from 'ol/coordinate.js';
import {
  forwardProject,
  inverseProject,
  ORTHO_RADIUS,
  projectionCode,
  type ProjectionSpec,
} from '../projections.ts';

type OrthoSpec = Extract<ProjectionSpec, { kind: 'ortho' }>;

/** Lon/lat → globe metres; a point just past the horizon (a clipped ring's rounding) lands on it. */
function toGlobe(spec: OrthoSpec, [lon, lat]: Coordinate): Coordinate {
  const visible = spec.hemisphere === 'north' ? Math.max(0, lat!) : Math.min(0, lat!);
  return forwardProject(spec, lon!, visible)!;
}

/** Globe metres → lon/lat; NaN off the disc. */
function fromGlobe(spec: OrthoSpec, [x, y]: Coordinate): Coordinate {
  const out: [number, number] = [0, 0];
  return inverseProject(spec, x!, y!, out) ? out : [NaN, NaN];
}

/** The globe's projection, with transforms to and from lon/lat and the flat map's. */
function registerOrtho(spec: OrthoSpec, code: string): void {
  const ortho = new Projection({ code, units: 'm' });
  addProjection(ortho);
  addCoordinateTransforms(
    'EPSG:4326',
    ortho,
    (c) => toGlobe(spec, c),
    (c) => fromGlobe(spec, c),
  );
  addCoordinateTransforms(
    'EPSG:3857',
    ortho,
    (c) => toGlobe(spec, toLonLat(c)),
    (c) => fromLonLat(fromGlobe(spec, c)),
  );
}

/** The OpenLayers projection for a view, registering the orthographic one on first use. */
export async function olProjection(spec: ProjectionSpec): Promise<Projection> {
  const code = projectionCode(spec);
  if (spec.kind === 'mercator') return getProjection(code)!;
  if (!getProjection(code)) registerOrtho(spec, code);
  const projection = getProjection(code)!;
  const r = ORTHO_RADIUS;
  projection.setExtent([-r, -r, r, r]);
  projection.setWorldExtent(spec.hemisphere === 'north' ? [-180, 0, 180, 90] : [-180, -90, 180, 0]);
  projection.setGlobal(false);
  return projection;
}
