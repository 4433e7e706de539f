import { describe, expect, it } from 'vitest';
import {
  distanceToOvalEdge,
  equatorwardEdgeLat,
  greatCircleKm,
  valueAt,
} from '../../../../src/features/map/gridLookup.ts';
import { fixtureTriple, loadOvationFixture } from '../../../support/ovationFixture.ts';

const grid = loadOvationFixture();

/** A synthetic oval: 50 % everywhere poleward of `edge` degrees in both hemispheres. */
function bandGrid(edge: number): Uint8Array {
  const v = new Uint8Array(360 * 181);
  for (let row = 0; row < 181; row++) {
    const lat = 90 - row;
    if (Math.abs(lat) >= edge) v.fill(50, row * 360, row * 360 + 360);
  }
  return v;
}

describe('value at a location', () => {
  it('reads the nearest cell of the real fixture, with west longitudes mapped from degrees east', () => {
    expect(valueAt(grid.values, 58, -100)).toBe(fixtureTriple(260, 58));
    expect(valueAt(grid.values, 69.6, 74.4)).toBe(fixtureTriple(74, 70));
    expect(valueAt(grid.values, 65, 179.7)).toBe(fixtureTriple(180, 65));
  });

  it('refuses a malformed grid or a non-numeric position instead of guessing', () => {
    expect(valueAt(new Uint8Array(10), 60, 10)).toBeNull();
    expect(valueAt(grid.values, Number.NaN, 10)).toBeNull();
  });
});

describe("the oval's equatorward edge", () => {
  it('finds the first latitude reaching the threshold when scanning from the equator (fixture, 100°W)', () => {
    // 260°E in the constructed file: 8 % at 52°N, 10 % at 53°N.
    expect(fixtureTriple(260, 52)).toBe(8);
    expect(fixtureTriple(260, 53)).toBe(10);
    expect(equatorwardEdgeLat(grid.values, -100, 'north', 10)).toBe(53);
    expect(equatorwardEdgeLat(grid.values, 20, 'north', 10)).toBe(63);
  });

  it('looks in the southern hemisphere when asked and returns null where no cell reaches the threshold', () => {
    expect(equatorwardEdgeLat(bandGrid(62), 147, 'south', 10)).toBe(-62);
    expect(equatorwardEdgeLat(bandGrid(62), 147, 'north', 60)).toBeNull();
  });
});

describe('distance to the oval', () => {
  it('measures great-circle distances (one degree of latitude ≈ 111.2 km; London–Paris ≈ 344 km)', () => {
    expect(greatCircleKm({ lat: 60, lon: 10 }, { lat: 61, lon: 10 })).toBeCloseTo(111.19, 1);
    expect(
      greatCircleKm({ lat: 51.5074, lon: -0.1278 }, { lat: 48.8566, lon: 2.3522 }),
    ).toBeCloseTo(343.5, 0);
  });

  it('says the user is inside the oval when they are poleward of its edge', () => {
    expect(distanceToOvalEdge(bandGrid(62), { lat: 65, lon: 20 })).toEqual({
      kind: 'inside',
      edgeLat: 62,
    });
  });

  it('gives the distance to the nearest edge point for someone south of the oval', () => {
    const d = distanceToOvalEdge(bandGrid(62), { lat: 52, lon: 20 });
    expect(d.kind).toBe('outside');
    if (d.kind !== 'outside') return;
    expect(d.km).toBeCloseTo(10 * 111.19, 0);
    expect(d.nearest).toEqual({ lat: 62, lon: 20 });
    expect(d.edgeLatAtUserLon).toBe(62);
  });

  it('uses the nearest edge point on any meridian for the real fixture, never more than the edge on the own meridian', () => {
    const user = { lat: 45, lon: -100 };
    const d = distanceToOvalEdge(grid.values, user);
    expect(d.kind).toBe('outside');
    if (d.kind !== 'outside') return;
    expect(d.edgeLatAtUserLon).toBe(53);
    expect(d.km).toBeLessThanOrEqual(greatCircleKm(user, { lat: 53, lon: -100 }));
    expect(d.km).toBeGreaterThan(500);
  });

  it("uses the user's own hemisphere and reports when that oval is empty", () => {
    const north = bandGrid(62);
    north.fill(0, 90 * 360);
    expect(distanceToOvalEdge(north, { lat: -43, lon: 147 })).toEqual({
      kind: 'no-oval',
      hemisphere: 'south',
    });
  });
});

describe('OVATION artefacts', () => {
  it('reads the equatorial seam of the constructed file (6 % at 0°, as OVATION has it) as no aurora', () => {
    expect(fixtureTriple(0, 0)).toBe(6);
    expect(valueAt(grid.values, 0, 0)).toBe(0);
    expect(valueAt(grid.values, -1.2, 0)).toBe(0);
    expect(equatorwardEdgeLat(grid.values, 0, 'south', 5)).not.toBe(0);
  });
});
