/**
 * What the OVATION grid means for one place: the probability overhead, the best probability the
 * place can see above its horizon and in which direction, and how far the oval's edge is.
 *
 * The grid is OVATION's 360×181 byte layout as the app stores it: row 0 = latitude +90, row 180 =
 * −90; column 0 = longitude −180, column 359 = +179; values 0–100 (% chance of aurora overhead).
 */

import { GRID_HEIGHT, GRID_WIDTH, gridIndex } from '../grid/grid.ts';
import { magneticCoordinates } from './magneticCoordinates.ts';

/** Aurora's lower edge (green oxygen emission), km: what an observer at the oval's rim sees first. */
const AURORA_HEIGHT_KM = 110;
/** Aurora below this elevation is lost in haze, hills and light pollution near the horizon. */
const MIN_ELEVATION_DEG = 5;
/** OVATION's own scale starts colouring here; below it the oval is not there for the eye. */
const OVAL_EDGE_PERCENT = 10;

const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Any indexable byte array: a Uint8Array, or a plain array in tests. */
export type GridBytes = ArrayLike<number>;

interface Cell {
  index: number;
  distanceKm: number;
  bearingDeg: number;
}

export interface PlaceView {
  lat: number;
  lon: number;
  /** The magnetic hemisphere (magneticCoordinates.ts), whose oval is the place's: Quito, 0.2° S, looks to the northern one. */
  hemisphere: 'north' | 'south';
  /** The grid cell the place is in. */
  overheadIndex: number;
  /** Cells whose aurora stands at least MIN_ELEVATION_DEG above the place's horizon, nearest first. */
  visible: Cell[];
}

export interface AuroraAtPlace {
  /** OVATION's probability in the place's own cell (aurora overhead), %. */
  overheadPercent: number;
  /** The highest probability among the cells visible above the horizon (overhead included), %. */
  visiblePercent: number;
  /** Where to look for it: bearing from north, and as a compass point; null when nothing is visible. */
  bearingDeg: number | null;
  compass: string | null;
  /** Toward the nearer magnetic pole: north in the magnetic north, south in the magnetic south. */
  lookToward: 'north' | 'south';
  /** Ground distance to the nearest cell at or above OVAL_EDGE_PERCENT in the place's magnetic hemisphere (0 inside the oval), or null when there is none. */
  edgeDistanceKm: number | null;
  /** True when the oval's edge stands above the horizon (within sight) or overhead. */
  onHorizon: boolean;
}

function cellLat(index: number): number {
  return 90 - Math.floor(index / GRID_WIDTH);
}

function cellLon(index: number): number {
  return (index % GRID_WIDTH) - 180;
}

/** Great-circle distance (km) and initial bearing (degrees from north) between two points. */
function distanceAndBearing(
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
): { distanceKm: number; bearingDeg: number } {
  const p1 = lat1 * RAD;
  const p2 = lat2 * RAD;
  const dl = (lon2 - lon1) * RAD;
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  const distanceKm = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  const y = Math.sin(dl) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl);
  const bearingDeg = (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
  return { distanceKm, bearingDeg };
}

/** Elevation (degrees) above the horizon of a point at AURORA_HEIGHT_KM over a spot `distanceKm` away. */
export function auroraElevationDeg(distanceKm: number): number {
  const theta = distanceKm / EARTH_RADIUS_KM;
  if (theta === 0) return 90;
  const ratio = EARTH_RADIUS_KM / (EARTH_RADIUS_KM + AURORA_HEIGHT_KM);
  return Math.atan2(Math.cos(theta) - ratio, Math.sin(theta)) / RAD;
}

/** The farthest ground distance (km) at which aurora still stands MIN_ELEVATION_DEG high. */
export const VISIBLE_RANGE_KM = (() => {
  let lo = 0;
  let hi = 3000;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (auroraElevationDeg(mid) >= MIN_ELEVATION_DEG) lo = mid;
    else hi = mid;
  }
  return lo;
})();

/** The same reach in degrees of latitude, for boundaries given as latitudes. */
export const VISIBLE_RANGE_DEG = VISIBLE_RANGE_KM / (EARTH_RADIUS_KM * RAD);

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

function compassPoint(bearingDeg: number): string {
  return COMPASS[Math.round(bearingDeg / 45) % 8]!;
}

/**
 * The cells a place can see, computed once per place and reused for every stored frame (a
 * frame then costs a few hundred reads, not 65,160 distances). The hemisphere is the magnetic
 * one unless given.
 */
export function placeView(
  lat: number,
  lon: number,
  hemisphere: 'north' | 'south' = magneticCoordinates(lat, lon).hemisphere,
): PlaceView {
  const visible: Cell[] = [];
  const latReach = Math.ceil(VISIBLE_RANGE_DEG) + 1;
  const rowMin = Math.max(0, Math.round(90 - lat) - latReach);
  const rowMax = Math.min(GRID_HEIGHT - 1, Math.round(90 - lat) + latReach);
  for (let row = rowMin; row <= rowMax; row++) {
    for (let col = 0; col < GRID_WIDTH; col++) {
      const index = row * GRID_WIDTH + col;
      const { distanceKm, bearingDeg } = distanceAndBearing(
        lat,
        lon,
        cellLat(index),
        cellLon(index),
      );
      if (distanceKm <= VISIBLE_RANGE_KM) visible.push({ index, distanceKm, bearingDeg });
    }
  }
  visible.sort((a, b) => a.distanceKm - b.distanceKm);
  return { lat, lon, hemisphere, overheadIndex: gridIndex(lat, lon), visible };
}

/** The nearest cell of the oval (≥ OVAL_EDGE_PERCENT) in the place's magnetic hemisphere, or null. */
function nearestOvalCell(grid: GridBytes, view: PlaceView): Cell | null {
  if ((grid[view.overheadIndex] ?? 0) >= OVAL_EDGE_PERCENT)
    return { index: view.overheadIndex, distanceKm: 0, bearingDeg: 0 };
  // Each oval lies wholly on its own side of the geographic equator.
  const north = view.hemisphere === 'north';
  const rowStart = north ? 0 : 91;
  const rowEnd = north ? 90 : GRID_HEIGHT - 1;
  let best: Cell | null = null;
  for (let row = rowStart; row <= rowEnd; row++) {
    for (let col = 0; col < GRID_WIDTH; col++) {
      const index = row * GRID_WIDTH + col;
      if ((grid[index] ?? 0) < OVAL_EDGE_PERCENT) continue;
      const d = distanceAndBearing(view.lat, view.lon, cellLat(index), cellLon(index));
      if (!best || d.distanceKm < best.distanceKm) best = { index, ...d };
    }
  }
  return best;
}

/** The aurora at a place in one OVATION frame. */
export function auroraAtPlace(grid: GridBytes, view: PlaceView): AuroraAtPlace {
  if (grid.length !== GRID_WIDTH * GRID_HEIGHT) {
    throw new Error(
      `OVATION grid has ${grid.length} cells, expected ${GRID_WIDTH * GRID_HEIGHT} (360 × 181)`,
    );
  }
  const overheadPercent = grid[view.overheadIndex] ?? 0;
  let visiblePercent = overheadPercent;
  let seen: Cell | null =
    overheadPercent > 0 ? { index: view.overheadIndex, distanceKm: 0, bearingDeg: 0 } : null;
  for (const cell of view.visible) {
    const value = grid[cell.index] ?? 0;
    if (value > visiblePercent) {
      visiblePercent = value;
      seen = cell;
    }
  }
  const edge = nearestOvalCell(grid, view);
  const pointer = seen && seen.distanceKm > 0 ? seen : edge && edge.distanceKm > 0 ? edge : null;
  return {
    overheadPercent,
    visiblePercent,
    bearingDeg: pointer ? Math.round(pointer.bearingDeg) : null,
    compass: pointer ? compassPoint(pointer.bearingDeg) : null,
    lookToward: view.hemisphere,
    edgeDistanceKm: edge ? Math.round(edge.distanceKm) : null,
    onHorizon: edge !== null && edge.distanceKm <= VISIBLE_RANGE_KM,
  };
}

/** The probability overhead and on the horizon at a place across stored frames (the time slider's series). */
export function auroraSeriesAtPlace(
  frames: readonly { observationTime: number; forecastTime: number; values: GridBytes }[],
  view: PlaceView,
): { forecastTime: number; overheadPercent: number; visiblePercent: number }[] {
  return frames.map((frame) => {
    let visiblePercent = frame.values[view.overheadIndex] ?? 0;
    for (const cell of view.visible)
      visiblePercent = Math.max(visiblePercent, frame.values[cell.index] ?? 0);
    return {
      forecastTime: frame.forecastTime,
      overheadPercent: frame.values[view.overheadIndex] ?? 0,
      visiblePercent,
    };
  });
}
