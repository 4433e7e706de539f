/**
 * OpenLayers projections for the two views, defined locally (EPSG look-ups would go online).
 * proj4 (~40 KB gzip) is only needed for the globe, so it loads the first time the globe is shown
 * and the flat map on `/` does not pay for it.
 */
import {
  addCoordinateTransforms,
  addProjection,
  createSafeCoordinateTransform,
  get as getProjection,
} from 'ol/proj.js';
import Projection from 'ol/proj/Projection.js';
import type proj4Type from 'proj4';
import {
  ORTHO_RADIUS,
  orthoProj4Def,
  projectionCode,
  type ProjectionSpec,
} from '../projections.ts';

/** The projections the map transforms from: the basemap's lon/lat and the flat map's. */
const TRANSFORMED_FROM = ['EPSG:4326', 'EPSG:3857'] as const;

let proj4Loading: Promise<typeof proj4Type> | null = null;

function loadProj4() {
  proj4Loading ??= import('proj4').then((p) => p.default);
  return proj4Loading;
}

/**
 * The globe's projection and its transforms to and from lon/lat and the flat map's, and no others.
 * Not `ol/proj/proj4`'s register(): it builds a transform between every pair of proj4's own
 * definitions (a dozen, so over a hundred proj4 projections initialised), the longest part of the
 * first switch to the globe (~250 ms at 4× CPU slowdown, `npm run bench -- interact`).
 */
function registerOrtho(proj4: typeof proj4Type, code: string, def: string): void {
  proj4.defs(code, def);
  const ortho = new Projection({ code, units: 'm' });
  addProjection(ortho);
  for (const from of TRANSFORMED_FROM) {
    const source = getProjection(from)!;
    const converter = proj4(from, code);
    addCoordinateTransforms(
      source,
      ortho,
      createSafeCoordinateTransform(source, ortho, converter.forward),
      createSafeCoordinateTransform(ortho, source, converter.inverse),
    );
  }
}

/** The OpenLayers projection for a view, registering the orthographic definition on first use. */
export async function olProjection(spec: ProjectionSpec): Promise<Projection> {
  const code = projectionCode(spec);
  if (spec.kind === 'mercator') return getProjection(code)!;
  const proj4 = await loadProj4();
  if (!getProjection(code)) registerOrtho(proj4, code, orthoProj4Def(spec));
  const projection = getProjection(code)!;
  const r = ORTHO_RADIUS;
  projection.setExtent([-r, -r, r, r]);
  projection.setWorldExtent(spec.hemisphere === 'north' ? [-180, 0, 180, 90] : [-180, -90, 180, 0]);
  projection.setGlobal(false);
  return projection;
}
