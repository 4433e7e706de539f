/**
 * The two map projections as plain data plus the closed-form inverse used to paint rasters.
 *
 * The aurora field is painted pixel by pixel in the view's own projection (map x/y → lon/lat →
 * grid sample) instead of letting OpenLayers reproject a lon/lat image: the orthographic inverse
 * is undefined beyond the horizon, and reprojecting an image across it leaves artefacts at the
 * globe's edge. The formulas here must match what OpenLayers (EPSG:3857) and proj4 (the ortho
 * definition below) do, which the unit tests check against proj4 itself.
 */

export type MapViewKind = 'flat' | '3d';
export type Hemisphere = 'north' | 'south';

export type ProjectionSpec =
  { kind: 'mercator' } | { kind: 'ortho'; hemisphere: Hemisphere; lon0: number };

/** Web Mercator's sphere radius (EPSG:3857). */
export const MERCATOR_RADIUS = 6378137;
/** The sphere used for the globe view; any radius works for a look, this one is the mean Earth radius. */
export const ORTHO_RADIUS = 6371000;

const DEG = Math.PI / 180;

export function projectionSpec(
  view: MapViewKind,
  hemisphere: Hemisphere,
  lon0: number,
): ProjectionSpec {
  return view === 'flat'
    ? { kind: 'mercator' }
    : { kind: 'ortho', hemisphere, lon0: normaliseLon(lon0) };
}

/** A projection code unique per definition, so a changed centre longitude never reuses a stale one. */
export function projectionCode(spec: ProjectionSpec): string {
  if (spec.kind === 'mercator') return 'EPSG:3857';
  return `AURORA:ORTHO:${spec.hemisphere === 'north' ? 'N' : 'S'}:${spec.lon0.toFixed(2)}`;
}

/** The proj4 definition of an orthographic view centred on a pole. */
export function orthoProj4Def(spec: Extract<ProjectionSpec, { kind: 'ortho' }>): string {
  const lat0 = spec.hemisphere === 'north' ? 90 : -90;
  return `+proj=ortho +lat_0=${lat0} +lon_0=${spec.lon0} +x_0=0 +y_0=0 +R=${ORTHO_RADIUS} +units=m +no_defs`;
}

/** Longitude wrapped into −180 ≤ lon < 180. */
export function normaliseLon(lon: number): number {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return Object.is(wrapped, -0) ? 0 : wrapped;
}

/**
 * Map coordinates (metres in the view projection) → [lon, lat] in degrees, written into `out`.
 * Returns false where the point is not on the map (beyond the globe's horizon, or above and
 * below the square Web Mercator world).
 */
export function inverseProject(
  spec: ProjectionSpec,
  x: number,
  y: number,
  out: [number, number],
): boolean {
  if (spec.kind === 'mercator') {
    // Beyond ±85.05° the square Mercator world ends: nothing is there to draw.
    if (Math.abs(y) > MERCATOR_RADIUS * Math.PI) return false;
    out[0] = normaliseLon(x / MERCATOR_RADIUS / DEG);
    out[1] = (2 * Math.atan(Math.exp(y / MERCATOR_RADIUS)) - Math.PI / 2) / DEG;
    return true;
  }
  const rho = Math.hypot(x, y);
  if (rho > ORTHO_RADIUS) return false;
  const c = Math.acos(rho / ORTHO_RADIUS) / DEG;
  if (spec.hemisphere === 'north') {
    out[1] = c;
    out[0] = normaliseLon(spec.lon0 + Math.atan2(x, -y) / DEG);
  } else {
    out[1] = -c;
    out[0] = normaliseLon(spec.lon0 + Math.atan2(x, y) / DEG);
  }
  return true;
}

/** [lon, lat] → map coordinates; null on the far side of the globe. The inverse of inverseProject. */
export function forwardProject(
  spec: ProjectionSpec,
  lon: number,
  lat: number,
): [number, number] | null {
  if (spec.kind === 'mercator') {
    const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
    return [
      MERCATOR_RADIUS * lon * DEG,
      MERCATOR_RADIUS * Math.log(Math.tan(Math.PI / 4 + (clamped * DEG) / 2)),
    ];
  }
  const north = spec.hemisphere === 'north';
  if (north ? lat < 0 : lat > 0) return null;
  const dlon = (lon - spec.lon0) * DEG;
  const r = ORTHO_RADIUS * Math.cos(lat * DEG);
  return north
    ? [r * Math.sin(dlon), -r * Math.cos(dlon)]
    : [r * Math.sin(dlon), r * Math.cos(dlon)];
}
