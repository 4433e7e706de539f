/**
 * OpenLayers projections for the two views, defined locally (EPSG look-ups would go online).
 * proj4 (~40 KB gzip) is only needed for the globe, so it loads the first time the globe is shown
 * and the flat map on `/` does not pay for it.
 */
import { get as getProjection } from 'ol/proj.js';
import type Projection from 'ol/proj/Projection.js';
import {
  ORTHO_RADIUS,
  orthoProj4Def,
  projectionCode,
  type ProjectionSpec,
} from '../projections.ts';
import { chunkLoader } from '../chunkLoader.ts';

const proj4Chunk = chunkLoader(() =>
  Promise.all([import('proj4'), import('ol/proj/proj4.js')]).then(([p, r]) => ({
    proj4: p.default,
    register: r.register,
  })),
);

/** The OpenLayers projection for a view, registering the orthographic definition on first use. */
export async function olProjection(spec: ProjectionSpec): Promise<Projection> {
  const code = projectionCode(spec);
  if (spec.kind === 'mercator') return getProjection(code)!;
  const { proj4, register } = await proj4Chunk.load();
  if (!proj4.defs(code)) {
    proj4.defs(code, orthoProj4Def(spec));
    register(proj4);
  }
  const projection = getProjection(code)!;
  const r = ORTHO_RADIUS;
  projection.setExtent([-r, -r, r, r]);
  projection.setWorldExtent(spec.hemisphere === 'north' ? [-180, 0, 180, 90] : [-180, -90, 180, 0]);
  projection.setGlobal(false);
  return projection;
}
