/**
 * AACGM-v2 coordinates of a place by field-line tracing, as Shepherd (2014) defines them
 * ("Altitude-adjusted corrected geomagnetic coordinates: Definition and functional
 * approximations", J. Geophys. Res. Space Physics 119, 7501–7521, doi:10.1002/2014JA020264):
 * from the point at its height, follow the IGRF field line to where it crosses the plane of the
 * centred dipole's equator, at distance L (Earth radii, R = 6371.2 km); the AACGM-v2 latitude is
 * the latitude at which a dipole field line from there meets the Earth, ±acos(√(1/L)), and the
 * longitude is the dipole longitude of that crossing. Undefined (null) when the line reaches the
 * dipole equator below the starting height, or turns back below it: the band of a few degrees
 * around the magnetic equator. Geodetic input (WGS84), as the AACGM-v2 library takes by default.
 *
 * Build time only (scripts/magneticGrid/makeMagneticGrid.ts): a few thousand field evaluations a
 * place, far too heavy for the page, which interpolates the grid this writes.
 */
import { fieldAt, IGRF_RADIUS_KM, type MainField } from './igrf.ts';

const RAD = Math.PI / 180;
/** WGS84 semi-major axis (km) and flattening. */
const WGS84_A = 6378.137;
const WGS84_F = 1 / 298.257223563;
/** Step along the line as a fraction of the distance from the Earth's centre: ~30 km near the ground. */
const STEP_FRACTION = 0.005;
/** Beyond this distance (Earth radii) the non-dipole terms are below 1 % of the dipole's: finish on the dipole. */
const DIPOLE_FROM_RE = 12;

export interface DipoleFrame {
  /** Rows of the rotation from geographic to dipole Cartesian coordinates. */
  x: [number, number, number];
  y: [number, number, number];
  z: [number, number, number];
}

/**
 * The centred dipole of the model's degree-1 terms: z toward the northern dipole pole, y along
 * (geographic pole × dipole pole), x completing (geopack's MAG frame, which AACGM-v2 uses).
 */
export function dipoleFrame(model: MainField): DipoleFrame {
  const g10 = model.g[1]![0]!;
  const g11 = model.g[1]![1]!;
  const h11 = model.h[1]![1]!;
  const b0 = Math.hypot(g10, g11, h11);
  const sq = Math.hypot(g11, h11);
  const ct0 = -g10 / b0;
  const st0 = sq / b0;
  const cl0 = -g11 / sq;
  const sl0 = -h11 / sq;
  return {
    x: [ct0 * cl0, ct0 * sl0, -st0],
    y: [-sl0, cl0, 0],
    z: [st0 * cl0, st0 * sl0, ct0],
  };
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}

/** Geodetic latitude/longitude (degrees) and height (km) → geocentric Cartesian, Earth radii of 6371.2 km. */
function geodeticToCartesian(lat: number, lon: number, heightKm: number): number[] {
  const e2 = WGS84_F * (2 - WGS84_F);
  const s = Math.sin(lat * RAD);
  const c = Math.cos(lat * RAD);
  const n = WGS84_A / Math.sqrt(1 - e2 * s * s);
  const rho = (n + heightKm) * c;
  return [
    (rho * Math.cos(lon * RAD)) / IGRF_RADIUS_KM,
    (rho * Math.sin(lon * RAD)) / IGRF_RADIUS_KM,
    ((n * (1 - e2) + heightKm) * s) / IGRF_RADIUS_KM,
  ];
}

function direction(model: MainField, p: readonly number[], sign: number): number[] {
  const b = fieldAt(model, p[0]!, p[1]!, p[2]!);
  const len = Math.hypot(b[0], b[1], b[2]);
  return [(sign * b[0]) / len, (sign * b[1]) / len, (sign * b[2]) / len];
}

function rk4(model: MainField, p: readonly number[], h: number, sign: number): number[] {
  const k1 = direction(model, p, sign);
  const k2 = direction(
    model,
    p.map((v, i) => v + (h / 2) * k1[i]!),
    sign,
  );
  const k3 = direction(
    model,
    p.map((v, i) => v + (h / 2) * k2[i]!),
    sign,
  );
  const k4 = direction(
    model,
    p.map((v, i) => v + h * k3[i]!),
    sign,
  );
  return p.map((v, i) => v + (h / 6) * (k1[i]! + 2 * k2[i]! + 2 * k3[i]! + k4[i]!));
}

export interface AacgmPosition {
  /** AACGM-v2 latitude and longitude, degrees. */
  lat: number;
  lon: number;
}

/** AACGM-v2 latitude and longitude of a geodetic place at a height (km), or null where undefined. */
export function traceAacgm(
  model: MainField,
  frame: DipoleFrame,
  lat: number,
  lon: number,
  heightKm: number,
): AacgmPosition | null {
  let p = geodeticToCartesian(lat, lon, heightKm);
  const r0 = Math.hypot(p[0]!, p[1]!, p[2]!);
  const z0 = dot(frame.z, p);
  // Northern dipole hemisphere: against the field (which points down and north there), up and toward the equator.
  const sign = z0 > 0 ? -1 : 1;
  const hemisphere = z0 > 0 ? 1 : -1;
  let apex: number[] | null = null;
  for (let step = 0; step < 200_000; step++) {
    const r = Math.hypot(p[0]!, p[1]!, p[2]!);
    if (r > DIPOLE_FROM_RE) {
      // A dipole line r = L cos²λ keeps its dipole longitude out to the equator.
      const zm = dot(frame.z, p) / r;
      const L = r / (1 - zm * zm);
      const xm = dot(frame.x, p);
      const ym = dot(frame.y, p);
      return {
        lat: hemisphere * Math.acos(Math.sqrt(1 / L)) * (1 / RAD),
        lon: Math.atan2(ym, xm) / RAD,
      };
    }
    const next = rk4(model, p, STEP_FRACTION * r, sign);
    const zPrev = dot(frame.z, p);
    const zNext = dot(frame.z, next);
    if (Math.hypot(next[0]!, next[1]!, next[2]!) < r0) return null;
    if (Math.sign(zNext) !== Math.sign(zPrev) || zNext === 0) {
      const f = zPrev / (zPrev - zNext);
      apex = p.map((v, i) => v + f * (next[i]! - v));
      break;
    }
    p = next;
  }
  if (!apex) return null;
  const L = Math.hypot(apex[0]!, apex[1]!, apex[2]!);
  if (L < r0) return null;
  return {
    lat: (hemisphere * Math.acos(Math.sqrt(1 / L))) / RAD,
    lon: Math.atan2(dot(frame.y, apex), dot(frame.x, apex)) / RAD,
  };
}
