import { describe, expect, it } from 'vitest';
import {
  nightPolygon,
  solarElevation,
  solarPosition,
  terminatorLine,
} from '../../../../src/features/map/terminator.ts';

describe('sun position', () => {
  it('puts the sun over the equator at the March equinox (2024-03-20 03:06 UTC)', () => {
    expect(Math.abs(solarPosition(Date.UTC(2024, 2, 20, 3, 6)).declination)).toBeLessThan(0.5);
  });

  it('puts the sun over the tropics at the solstices', () => {
    expect(solarPosition(Date.UTC(2024, 5, 20, 20, 51)).declination).toBeCloseTo(23.44, 0);
    expect(solarPosition(Date.UTC(2024, 11, 21, 9, 21)).declination).toBeCloseTo(-23.44, 0);
  });

  it('uses the equation of time: early November the sun is ~16 min fast, so at 12:00 UTC it stands ~4° west', () => {
    const sun = solarPosition(Date.UTC(2024, 10, 3, 12, 0));
    expect(sun.equationOfTimeMin).toBeGreaterThan(15.5);
    expect(sun.equationOfTimeMin).toBeLessThan(17);
    expect(sun.subsolarLon).toBeCloseTo(-4.1, 0);
  });

  it('moves the subsolar point 15° west per hour', () => {
    const a = solarPosition(Date.UTC(2024, 3, 15, 0, 0)).subsolarLon;
    const b = solarPosition(Date.UTC(2024, 3, 15, 1, 0)).subsolarLon;
    expect(Math.abs(a)).toBeGreaterThan(179);
    expect(((a - b + 540) % 360) - 180).toBeCloseTo(15, 0);
  });
});

describe('night polygon', () => {
  const june = Date.UTC(2024, 5, 20, 12, 0);

  it('is a closed ring whose terminator vertices all have the sun on the horizon', () => {
    const ring = nightPolygon(june);
    expect(ring[0]).toEqual(ring.at(-1));
    const sun = solarPosition(june);
    for (const [lon, lat] of ring.slice(0, -3))
      expect(Math.abs(solarElevation(sun, lat, lon))).toBeLessThan(1e-6);
  });

  it('closes over the south pole in June (polar night) and over the north pole in December', () => {
    expect(
      nightPolygon(june)
        .slice(-3, -1)
        .map((p) => p[1]),
    ).toEqual([-90, -90]);
    expect(
      nightPolygon(Date.UTC(2024, 11, 21, 12))
        .slice(-3, -1)
        .map((p) => p[1]),
    ).toEqual([90, 90]);
  });

  it('has daylight under the subsolar point and night at its antipode', () => {
    const sun = solarPosition(june);
    expect(solarElevation(sun, sun.subsolarLat, sun.subsolarLon)).toBeCloseTo(90, 3);
    expect(solarElevation(sun, -sun.subsolarLat, sun.subsolarLon + 180)).toBeCloseTo(-90, 3);
  });

  it('still closes at the equinox, when the terminator is nearly a meridian', () => {
    const ring = nightPolygon(Date.UTC(2024, 2, 20, 3, 6));
    expect(ring.every(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat))).toBe(true);
    expect(ring[0]).toEqual(ring.at(-1));
  });
});

describe('terminator line', () => {
  it('runs from −180° to 180° with the sun on the horizon at every point', () => {
    const t = Date.UTC(2025, 8, 1, 6, 30);
    const line = terminatorLine(t);
    expect(line[0]![0]).toBe(-180);
    expect(line.at(-1)![0]).toBe(180);
    const sun = solarPosition(t);
    for (const [lon, lat] of line)
      expect(Math.abs(solarElevation(sun, lat, lon))).toBeLessThan(1e-6);
  });
});
