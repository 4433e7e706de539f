import { describe, expect, it } from 'vitest';
import {
  dipoleCoordinates,
  magneticCoordinates,
  magneticLocalTime,
} from '../../../../core/tonight/magneticCoordinates.ts';
import { loadIgrf14 } from '../../../../scripts/magneticGrid/igrf.ts';
import { EPOCH, HEIGHT_KM } from '../../../../scripts/magneticGrid/makeMagneticGrid.ts';
import { dipoleFrame, traceAacgm } from '../../../../scripts/magneticGrid/traceAacgm.ts';

/** AACGM-v2 latitude at 110 km on 2026-11-27, from the AACGM-v2 library (issue 23; the library's own accuracy ~0.02°). */
const REFERENCE: [string, number, number, number][] = [
  ['Tromsø', 69.65, 18.96, 67.27],
  ['Fairbanks', 64.84, -147.72, 65.18],
  ['Reykjavik', 64.15, -21.94, 64.19],
  ['Minneapolis', 44.98, -93.27, 54.19],
  ['Edinburgh', 55.95, -3.19, 53.13],
  ['Hobart', -42.88, 147.33, -53.71],
  ['Dunedin', -45.87, 170.5, -53.07],
  ['Ushuaia', -54.8, -68.3, -42.32],
];

describe('magnetic coordinates (AACGM-v2 at 110 km from the shipped grid)', () => {
  it.each(REFERENCE)('puts %s within 0.5° of its AACGM-v2 latitude', (_name, lat, lon, mlat) => {
    expect(Math.abs(magneticCoordinates(lat, lon).lat! - mlat)).toBeLessThan(0.5);
  });

  it('holds the reference places within 0.1° (the grid adds at most a few hundredths to the trace)', () => {
    const worst = Math.max(
      ...REFERENCE.map(([, lat, lon, mlat]) => Math.abs(magneticCoordinates(lat, lon).lat! - mlat)),
    );
    expect(worst).toBeLessThan(0.1);
  });

  it('agrees with a fresh IGRF-14 field-line trace within 0.2° at places poleward of 30°, both hemispheres', () => {
    const model = loadIgrf14(EPOCH);
    const frame = dipoleFrame(model);
    // A fixed spread of places (no randomness): every 45° of longitude, 30°–85° of latitude.
    for (let lon = -180; lon < 180; lon += 45) {
      for (const lat of [30.5, -30.5, 41, -41, 52.5, -52.5, 63, -63, 74.5, -74.5, 85, -85]) {
        const traced = traceAacgm(model, frame, lat, lon, HEIGHT_KM)!;
        const grid = magneticCoordinates(lat, lon);
        expect(Math.abs(grid.lat! - traced.lat), `${lat}, ${lon}`).toBeLessThan(0.2);
      }
    }
  });

  it('has no magnetic latitude in the band round the magnetic equator, and still names the hemisphere', () => {
    // Peru, on the dip equator: the field line closes below 110 km.
    const lima = magneticCoordinates(-12.05, -77.04);
    expect(lima.lat).toBeNull();
    expect(['north', 'south']).toContain(lima.hemisphere);
  });

  it('puts Quito (0.2° S) in the magnetic north, and Cape Town 42° magnetic south', () => {
    expect(magneticCoordinates(-0.18, -78.47)).toMatchObject({ hemisphere: 'north' });
    expect(magneticCoordinates(-0.18, -78.47).lat).toBeGreaterThan(0);
    expect(magneticCoordinates(-33.92, 18.42).lat).toBeCloseTo(-42.2, 0);
  });

  it('puts the centred dipole pole of IGRF-14 near 80.8° N, 72.7° W', () => {
    expect(dipoleCoordinates(80.8, -72.7).lat).toBeGreaterThan(89.9);
  });

  it('turns the magnetic local time through 24 hours a day, facing the Sun at magnetic noon', () => {
    const tromso = magneticCoordinates(69.65, 18.96);
    const at = (iso: string) => magneticLocalTime(tromso, 69.65, 18.96, Date.parse(iso));
    // Tromsø's magnetic midnight falls about 22–23 UT (AACGM-v2 longitude 100°).
    const midnight = at('2027-01-15T22:30:00Z');
    expect(Math.min(midnight, 24 - midnight)).toBeLessThan(0.75);
    expect(Math.abs(at('2027-01-15T10:30:00Z') - 12)).toBeLessThan(0.75);
    expect((at('2027-01-15T23:30:00Z') - at('2027-01-15T22:30:00Z') + 24) % 24).toBeCloseTo(1, 1);
  });
});
