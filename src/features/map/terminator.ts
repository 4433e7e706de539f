/**
 * The day/night terminator, computed on the device from the UTC time alone.
 *
 * Solar declination and the equation of time use NOAA's fractional-year series (Spencer 1971, as
 * in NOAA's "General Solar Position Calculations"): good to a few arc-minutes, far finer than the
 * 1° aurora grid.
 */

const DEG = Math.PI / 180;
const DAY_MS = 86_400_000;

export interface SolarPosition {
  /** Solar declination, degrees (+ = sun over the northern hemisphere). */
  declination: number;
  /** Equation of time, minutes (apparent minus mean solar time). */
  equationOfTimeMin: number;
  /** Where the sun is overhead. */
  subsolarLat: number;
  subsolarLon: number;
}

export function solarPosition(t: number): SolarPosition {
  const date = new Date(t);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const nextYearStart = Date.UTC(date.getUTCFullYear() + 1, 0, 1);
  const daysInYear = (nextYearStart - yearStart) / DAY_MS;
  const dayOfYear = Math.floor((t - yearStart) / DAY_MS) + 1;
  const hours =
    (t - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) / 3_600_000;
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (hours - 12) / 24);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const declination = decl / DEG;
  let subsolarLon = -15 * (hours - 12 + eqTime / 60);
  subsolarLon = ((((subsolarLon + 180) % 360) + 360) % 360) - 180;
  return { declination, equationOfTimeMin: eqTime, subsolarLat: declination, subsolarLon };
}

/** Sun elevation above the horizon (degrees) at a point, ignoring refraction. */
export function solarElevation(sun: SolarPosition, lat: number, lon: number): number {
  const d = sun.declination * DEG;
  const cosZ =
    Math.sin(lat * DEG) * Math.sin(d) +
    Math.cos(lat * DEG) * Math.cos(d) * Math.cos((lon - sun.subsolarLon) * DEG);
  return Math.asin(Math.max(-1, Math.min(1, cosZ))) / DEG;
}

/** The terminator itself, as [lon, lat] points from −180° to 180° longitude. */
export function terminatorLine(t: number, stepDeg = 2): [number, number][] {
  const sun = solarPosition(t);
  // tan(0) would put the whole terminator at ±90°; 0.01° changes nothing visible.
  const decl =
    Math.abs(sun.declination) < 0.01 ? (sun.declination < 0 ? -0.01 : 0.01) : sun.declination;
  const tanD = Math.tan(decl * DEG);
  const line: [number, number][] = [];
  for (let lon = -180; lon <= 180; lon += stepDeg) {
    line.push([lon, Math.atan(-Math.cos((lon - sun.subsolarLon) * DEG) / tanD) / DEG]);
  }
  return line;
}

/**
 * The night side as one polygon ring of [lon, lat] pairs, for −180…180 longitude: the terminator
 * line, closed along the pole that is in darkness. Close to an equinox the terminator is almost a
 * meridian and the ring still closes correctly because the declination is kept a hair off zero.
 */
export function nightPolygon(t: number, stepDeg = 2): [number, number][] {
  const sun = solarPosition(t);
  const ring = terminatorLine(t, stepDeg);
  // The pole away from the sun is in polar night.
  const darkPole = sun.declination >= 0 ? -90 : 90;
  ring.push([180, darkPole], [-180, darkPole]);
  ring.push([ring[0]![0], ring[0]![1]]);
  return ring;
}
