/**
 * Which points a weather request asks for. Coordinates are rounded before they reach the cache, so
 * nearby users share one cached answer and MET Norway sees few distinct points (its terms ask for
 * at most 4 decimals; 0.1° ≈ 11 km is finer than its 2.5 km model needs for cloud at one place).
 */

/** The place itself: 0.1° (about 11 km): one cache entry per small town. */
const PLACE_STEP_DEG = 0.1;
/** The regional grid: a 1° lattice, shared by every place within it. */
const GRID_STEP_DEG = 1;
const MAX_RADIUS = 2;
const DEFAULT_RADIUS = 1;

export interface Point {
  lat: number;
  lon: number;
  /** Cache and replay key: "69.7_19.0". */
  key: string;
}

export type WeatherQuery = { ok: true; place: Point; grid: Point[] } | { ok: false; error: string };

function roundTo(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 10) / 10;
}

/** Longitude wrapped into −180…180 (180 stays 180, −180 becomes 180 only if it came as 180). */
function wrapLon(lon: number): number {
  return lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon;
}

function point(lat: number, lon: number): Point {
  const la = Object.is(lat, -0) ? 0 : lat;
  const lo = Object.is(lon, -0) ? 0 : lon;
  return { lat: la, lon: lo, key: `${la.toFixed(1)}_${lo.toFixed(1)}` };
}

function number(params: URLSearchParams, name: string): number | string {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '')
    return `${name} is required (decimal degrees, e.g. ?lat=69.65&lon=18.96)`;
  const value = Number(raw);
  if (!Number.isFinite(value))
    return `${name} must be a number in decimal degrees, got "${raw.slice(0, 40)}"`;
  return value;
}

/** Reads and checks `lat`, `lon` and `radius` (0 = the place only; 1 = a 3×3 grid around it, the default; 2 = 5×5). */
export function parseWeatherQuery(url: string): WeatherQuery {
  const params = new URL(url).searchParams;
  const lat = number(params, 'lat');
  if (typeof lat === 'string') return { ok: false, error: lat };
  const lon = number(params, 'lon');
  if (typeof lon === 'string') return { ok: false, error: lon };
  if (lat < -90 || lat > 90)
    return { ok: false, error: `lat must be between -90 and 90, got ${lat}` };
  if (lon < -180 || lon > 180)
    return { ok: false, error: `lon must be between -180 and 180, got ${lon}` };
  const radiusRaw = params.get('radius');
  const radius = radiusRaw === null ? DEFAULT_RADIUS : Number(radiusRaw);
  if (!Number.isInteger(radius) || radius < 0 || radius > MAX_RADIUS) {
    return {
      ok: false,
      error: `radius must be a whole number of grid steps from 0 to ${MAX_RADIUS}, got "${(radiusRaw ?? '').slice(0, 40)}"`,
    };
  }
  const place = point(roundTo(lat, PLACE_STEP_DEG), wrapLon(roundTo(lon, PLACE_STEP_DEG)));
  const grid: Point[] = [];
  const cLat = Math.round(lat);
  const cLon = Math.round(lon);
  for (let i = -radius; radius > 0 && i <= radius; i++) {
    const gLat = cLat + i * GRID_STEP_DEG;
    if (gLat < -90 || gLat > 90) continue;
    for (let j = -radius; j <= radius; j++)
      grid.push(point(gLat, wrapLon(cLon + j * GRID_STEP_DEG)));
  }
  return { ok: true, place, grid };
}
