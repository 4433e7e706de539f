/**
 * Where the Sun stands, geometrically (no refraction): the sub-solar point and the Sun's altitude
 * at a place. Twilight is defined on the geometric altitude of the Sun's centre (civil −6°,
 * nautical −12°, astronomical −18°; sunset −0.833°, which already holds refraction and the
 * semi-diameter), so the limits are applied to this altitude, not to an apparent one (refraction
 * lifts the Sun ~0.5° near and below the horizon). Solar coordinates by the Astronomical
 * Almanac's low-precision formulas (about 1′ from 1950 to 2050), UT standing in for TT.
 */

const RAD = Math.PI / 180;

/** Where the Sun stands overhead (degrees): its declination, and the longitude where it is apparent noon. */
export function subSolarPoint(time: number): { lat: number; lon: number } {
  const n = time / 86_400_000 - 10_957.5; // days since J2000.0 (2000-01-01 12:00 UTC)
  const meanLon = 280.46 + 0.9856474 * n;
  const anomaly = (357.528 + 0.9856003 * n) * RAD;
  const eclipticLon = (meanLon + 1.915 * Math.sin(anomaly) + 0.02 * Math.sin(2 * anomaly)) * RAD;
  const obliquity = (23.439 - 0.0000004 * n) * RAD;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(eclipticLon)) / RAD;
  const rightAscension =
    Math.atan2(Math.cos(obliquity) * Math.sin(eclipticLon), Math.cos(eclipticLon)) / RAD;
  // Equation of time (degrees; apparent minus mean solar time): mean longitude minus right ascension.
  const eot = ((((meanLon - rightAscension) % 360) + 540) % 360) - 180;
  const utHours = (((time / 3_600_000) % 24) + 24) % 24;
  const lon = (((((12 - utHours) * 15 - eot) % 360) + 540) % 360) - 180;
  return { lat: declination, lon };
}

/** The Sun's geometric altitude (degrees) at a place and instant. */
export function sunAltitude(time: number, lat: number, lon: number): number {
  const sun = subSolarPoint(time);
  const sinAlt =
    Math.sin(lat * RAD) * Math.sin(sun.lat * RAD) +
    Math.cos(lat * RAD) * Math.cos(sun.lat * RAD) * Math.cos((lon - sun.lon) * RAD);
  return Math.asin(Math.max(-1, Math.min(1, sinAlt))) / RAD;
}
