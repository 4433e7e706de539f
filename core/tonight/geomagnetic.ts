/**
 * A centred-dipole approximation of geomagnetic coordinates, with the IGRF dipole ("geomagnetic")
 * north pole for epoch 2025 at about 80.8° N, 72.7° W (IGRF-14, IAGA Working Group V-MOD). A dipole is off from corrected geomagnetic (CGM) latitude by up to
 * a few degrees (more over the South Atlantic), which is within the spread of any Kp-based
 * boundary; CGM itself needs the full IGRF field line tracing, too heavy for the first screen.
 */

const DIPOLE_POLE = { lat: 80.8, lon: -72.7 } as const;

const RAD = Math.PI / 180;
const SIN_POLE = Math.sin(DIPOLE_POLE.lat * RAD);
const COS_POLE = Math.cos(DIPOLE_POLE.lat * RAD);
const SIN_POLE_LON = Math.sin(DIPOLE_POLE.lon * RAD);
const COS_POLE_LON = Math.cos(DIPOLE_POLE.lon * RAD);

export interface GeomagneticPosition {
  /** Dipole latitude, degrees (negative in the southern hemisphere). */
  lat: number;
  /** Dipole longitude, degrees east, −180…180 (0 = the meridian through both poles, on the far side). */
  lon: number;
}

/** Geographic latitude/longitude (degrees) → dipole latitude/longitude (degrees). */
export function geomagnetic(lat: number, lon: number): GeomagneticPosition {
  const cosLat = Math.cos(lat * RAD);
  const x = cosLat * Math.cos(lon * RAD);
  const y = cosLat * Math.sin(lon * RAD);
  const z = Math.sin(lat * RAD);
  // Rotate about z by the pole's longitude, then about the new y by the pole's colatitude.
  const x1 = x * COS_POLE_LON + y * SIN_POLE_LON;
  const y1 = -x * SIN_POLE_LON + y * COS_POLE_LON;
  const x2 = x1 * SIN_POLE - z * COS_POLE;
  const z2 = x1 * COS_POLE + z * SIN_POLE;
  return { lat: Math.asin(Math.max(-1, Math.min(1, z2))) / RAD, lon: Math.atan2(y1, x2) / RAD };
}

/**
 * Magnetic local time (hours, 0–24) of a place at an instant: the angle between the place's
 * dipole meridian and the sub-solar point's, as a clock (12 = facing the Sun). The sub-solar
 * point uses a mean Sun (no equation of time: at most ~16 min off) and a cosine declination.
 */
export function magneticLocalTime(lat: number, lon: number, time: number): number {
  const date = new Date(time);
  const utHours = date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
  const dayOfYear = Math.floor((time - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000);
  const declination = -23.44 * Math.cos(((2 * Math.PI) / 365) * (dayOfYear + 10));
  const subSolarLon = (12 - utHours) * 15;
  const place = geomagnetic(lat, lon).lon;
  const sun = geomagnetic(declination, subSolarLon).lon;
  const mlt = 12 + (place - sun) / 15;
  return ((mlt % 24) + 24) % 24;
}
