/**
 * Questions about one OVATION grid at the user's position: the probability there, where the oval's
 * equatorward edge lies, and how far away that edge is.
 */
import { GRID_CELLS, gridIndex } from '../../../core/grid/grid.ts';
import { EQUATOR_ARTEFACT_DEG } from './auroraImage.ts';
import { normaliseLon } from './projections.ts';

export interface LatLon {
  lat: number;
  lon: number;
}

/** The probability (%) at which we call a cell "inside the oval" when measuring distance to it. */
export const OVAL_EDGE_THRESHOLD = 10;

/** Mean Earth radius for great-circle distances. */
const EARTH_RADIUS_KM = 6371.0088;
const DEG = Math.PI / 180;

function cellIndex(lat: number, lon: number): number {
  return gridIndex(lat, normaliseLon(lon));
}

/** The probability (%) of the grid cell nearest to a point; null for a malformed grid. */
export function valueAt(values: Uint8Array, lat: number, lon: number): number | null {
  if (values.length !== GRID_CELLS || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(Math.round(lat)) <= EQUATOR_ARTEFACT_DEG) return 0;
  return values[cellIndex(lat, lon)] ?? null;
}

/**
 * Latitude of the oval's equatorward edge along one meridian: scanning from the equator towards
 * the pole of `hemisphere`, the first whole-degree latitude whose cell reaches `threshold`.
 * Null when the oval does not reach the threshold on this meridian. The pole rows and the
 * equatorial seam are skipped (known OVATION artefacts).
 */
export function equatorwardEdgeLat(
  values: Uint8Array,
  lon: number,
  hemisphere: 'north' | 'south',
  threshold = OVAL_EDGE_THRESHOLD,
): number | null {
  const sign = hemisphere === 'north' ? 1 : -1;
  for (let a = EQUATOR_ARTEFACT_DEG + 1; a <= 89; a++) {
    const lat = sign * a;
    const v = values[cellIndex(lat, lon)];
    if (v !== undefined && v >= threshold) return lat;
  }
  return null;
}

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLon = (b.lon - a.lon) * DEG;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type OvalDistance =
  | { kind: 'no-oval'; hemisphere: 'north' | 'south' }
  | { kind: 'inside'; edgeLat: number }
  | { kind: 'outside'; km: number; nearest: LatLon; edgeLatAtUserLon: number | null };

/**
 * Where the user stands relative to the oval of their own hemisphere: the magnetic one when the
 * caller knows it (tonight's verdict and this line use the same coordinates: Quito, 0.2° S, is
 * magnetic north), else the geographic one. Inside when they are poleward of the edge on their
 * meridian; otherwise the distance to the nearest point of the edge over all meridians (the oval
 * is not a circle around the user's meridian).
 */
export function distanceToOvalEdge(
  values: Uint8Array,
  user: LatLon,
  threshold = OVAL_EDGE_THRESHOLD,
  hemisphere: 'north' | 'south' = user.lat >= 0 ? 'north' : 'south',
): OvalDistance {
  const edgeHere = equatorwardEdgeLat(values, user.lon, hemisphere, threshold);
  if (edgeHere !== null && Math.abs(user.lat) >= Math.abs(edgeHere))
    return { kind: 'inside', edgeLat: edgeHere };
  let best: { km: number; nearest: LatLon } | null = null;
  for (let lon = -180; lon < 180; lon++) {
    const lat = equatorwardEdgeLat(values, lon, hemisphere, threshold);
    if (lat === null) continue;
    const km = greatCircleKm(user, { lat, lon });
    if (!best || km < best.km) best = { km, nearest: { lat, lon } };
  }
  if (!best) return { kind: 'no-oval', hemisphere };
  return { kind: 'outside', km: best.km, nearest: best.nearest, edgeLatAtUserLon: edgeHere };
}
