/**
 * Magnetic coordinates of a place: AACGM-v2 (altitude-adjusted corrected geomagnetic; Shepherd
 * 2014, J. Geophys. Res. Space Physics 119, 7501–7521) at 110 km, the height of the aurora's
 * lower edge, for the grid's epoch. The coordinates come from tracing IGRF-14 field lines at build
 * time (scripts/magneticGrid/): this file only interpolates the grid it wrote
 * (magneticGrid.data.ts), a few reads and one normalisation per place.
 *
 * Each grid node holds the unit vector of its AACGM-v2 position in the centred-dipole frame
 * (x, y, z; z toward the northern dipole pole), so interpolation is smooth across the magnetic
 * poles and the date line; a node where AACGM-v2 is undefined (the field line closes below
 * 110 km, a band a few degrees wide around the magnetic equator) holds (0, 0, 0).
 */
import { base64ToBytes } from '../grid/base64.ts';
import { MAGNETIC_GRID } from './magneticGrid.data.ts';
import { subSolarPoint } from './sun.ts';

const RAD = Math.PI / 180;

export interface MagneticPosition {
  /** AACGM-v2 latitude, degrees (negative in the south); null near the magnetic equator, where it is undefined. */
  lat: number | null;
  /** AACGM-v2 longitude, degrees, −180…180; null where the latitude is. */
  lon: number | null;
  /**
   * The magnetic hemisphere, whose oval is the nearer one: the sign of the AACGM-v2 latitude, or
   * where that is undefined, the side of the dipole equator (Quito, 0.2° S, is magnetic north).
   */
  hemisphere: 'north' | 'south';
}

interface Grid {
  step: number;
  rows: number;
  cols: number;
  /** x, y, z per node, row by row from lat −90, columns from lon −180, scaled by `scale`. */
  vectors: Int16Array;
  scale: number;
  pole: { sinLat: number; cosLat: number; sinLon: number; cosLon: number };
}

let grid: Grid | null = null;

/** Decodes the shipped grid once: int16 little-endian triples, each row's values as differences from the node before (the first from 0). */
function loadGrid(): Grid {
  if (grid) return grid;
  const { stepDeg, scale, dipolePole, vectors } = MAGNETIC_GRID;
  const bytes = base64ToBytes(vectors);
  const rows = Math.round(180 / stepDeg) + 1;
  const cols = Math.round(360 / stepDeg);
  const values = new Int16Array(rows * cols * 3);
  if (bytes.length !== values.length * 2)
    throw new Error(`magnetic grid has ${bytes.length} bytes, expected ${values.length * 2}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let row = 0; row < rows; row++) {
    const prev = [0, 0, 0];
    for (let col = 0; col < cols; col++) {
      for (let k = 0; k < 3; k++) {
        const i = (row * cols + col) * 3 + k;
        prev[k] = ((prev[k]! + view.getInt16(i * 2, true)) << 16) >> 16;
        values[i] = prev[k]!;
      }
    }
  }
  grid = {
    step: stepDeg,
    rows,
    cols,
    vectors: values,
    scale,
    pole: {
      sinLat: Math.sin(dipolePole.lat * RAD),
      cosLat: Math.cos(dipolePole.lat * RAD),
      sinLon: Math.sin(dipolePole.lon * RAD),
      cosLon: Math.cos(dipolePole.lon * RAD),
    },
  };
  return grid;
}

/** The centred-dipole latitude/longitude of a geographic point (degrees), in the grid's dipole frame. */
export function dipoleCoordinates(lat: number, lon: number): { lat: number; lon: number } {
  const { pole } = loadGrid();
  const cl = Math.cos(lat * RAD);
  const x = cl * Math.cos(lon * RAD);
  const y = cl * Math.sin(lon * RAD);
  const z = Math.sin(lat * RAD);
  const xm = pole.sinLat * (pole.cosLon * x + pole.sinLon * y) - pole.cosLat * z;
  const ym = -pole.sinLon * x + pole.cosLon * y;
  const zm = pole.cosLat * (pole.cosLon * x + pole.sinLon * y) + pole.sinLat * z;
  return {
    lat: Math.asin(Math.max(-1, Math.min(1, zm))) / RAD,
    lon: Math.atan2(ym, xm) / RAD,
  };
}

/** AACGM-v2 coordinates at 110 km of a geographic (geodetic) place, degrees. */
export function magneticCoordinates(lat: number, lon: number): MagneticPosition {
  const g = loadGrid();
  const fallback: MagneticPosition = {
    lat: null,
    lon: null,
    hemisphere: dipoleCoordinates(lat, lon).lat >= 0 ? 'north' : 'south',
  };
  const y = (Math.max(-90, Math.min(90, lat)) + 90) / g.step;
  const x = ((((lon + 180) % 360) + 360) % 360) / g.step;
  const r0 = Math.min(g.rows - 2, Math.floor(y));
  const c0 = Math.floor(x) % g.cols;
  const c1 = (c0 + 1) % g.cols;
  const fy = y - r0;
  const fx = x - Math.floor(x);
  const corners: [number, number, number][] = [
    [r0, c0, (1 - fy) * (1 - fx)],
    [r0, c1, (1 - fy) * fx],
    [r0 + 1, c0, fy * (1 - fx)],
    [r0 + 1, c1, fy * fx],
  ];
  const v = [0, 0, 0];
  let north = 0;
  let south = 0;
  for (const [row, col, w] of corners) {
    const i = (row * g.cols + col) * 3;
    const z = g.vectors[i + 2]!;
    if (g.vectors[i] === 0 && g.vectors[i + 1] === 0 && z === 0) return fallback;
    if (z >= 0) north++;
    else south++;
    for (let k = 0; k < 3; k++) v[k]! += w * g.vectors[i + k]!;
  }
  // Nodes on both sides of the magnetic equator: the place is in the band where AACGM-v2 is undefined.
  if (north > 0 && south > 0) return fallback;
  const len = Math.hypot(v[0]!, v[1]!, v[2]!);
  const mlat = Math.asin(v[2]! / len) / RAD;
  return {
    lat: mlat,
    lon: Math.atan2(v[1]!, v[0]!) / RAD,
    hemisphere: mlat >= 0 ? 'north' : 'south',
  };
}

/**
 * Magnetic local time (hours, 0–24) at an instant: the place's AACGM-v2 longitude against the
 * magnetic longitude of the sub-solar point, as a clock (12 = facing the Sun, 0 = magnetic
 * midnight), as the AACGM-v2 library defines it. The sub-solar point is the apparent Sun's
 * (sun.ts: declination and equation of time); its magnetic longitude is its dipole longitude (AACGM-v2 takes it at 700 km, where the two
 * differ by a few degrees at most: minutes of MLT). Where the place's AACGM-v2 longitude is
 * undefined, its dipole longitude stands in.
 */
export function magneticLocalTime(
  position: MagneticPosition,
  lat: number,
  lon: number,
  time: number,
): number {
  const sun = subSolarPoint(time);
  const sunLon = dipoleCoordinates(sun.lat, sun.lon).lon;
  const placeLon = position.lon ?? dipoleCoordinates(lat, lon).lon;
  const mlt = 12 + (placeLon - sunLon) / 15;
  return ((mlt % 24) + 24) % 24;
}
