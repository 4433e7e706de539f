/** OpenLayers projections for the two views, defined locally (EPSG look-ups would go online). */
import proj4 from 'proj4';
import { get as getProjection } from 'ol/proj.js';
import type Projection from 'ol/proj/Projection.js';
import { register } from 'ol/proj/proj4.js';
import { ORTHO_RADIUS, orthoProj4Def, projectionCode, type ProjectionSpec } from '../projections.ts';

export function olProjection(spec: ProjectionSpec): Projection {
  const code = projectionCode(spec);
  if (spec.kind === 'mercator') return getProjection(code)!;
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
