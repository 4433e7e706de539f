import { describe, expect, it } from 'vitest';
import {
  AURORAL_SPAN_LON,
  auroraZoneBox,
  keepInsideWorld,
} from '../../../../../src/features/map/olmap/initialView.ts';
import {
  forwardProject,
  inverseProject,
  MERCATOR_RADIUS,
} from '../../../../../src/features/map/projections.ts';

const mercator = { kind: 'mercator' } as const;
const centreOf = (box: ReturnType<typeof auroraZoneBox>) => {
  // The view fits the box in Web Mercator: its centre is the middle of the projected box.
  const sw = forwardProject(mercator, box.west, box.south)!;
  const ne = forwardProject(mercator, box.east, box.north)!;
  const out: [number, number] = [0, 0];
  inverseProject(mercator, (sw[0] + ne[0]) / 2, (sw[1] + ne[1]) / 2, out);
  return { lon: out[0], lat: out[1] };
};

describe('where the flat map opens', () => {
  it('without a location, over the northern auroral zone between North America and Europe, not the equator', () => {
    const box = auroraZoneBox(null, 'north');
    const c = centreOf(box);
    expect(c.lat).toBeGreaterThan(60);
    expect(c.lat).toBeLessThan(70);
    // Hudson Bay (−85°) and Scandinavia (+15°) are both in view.
    expect(box.west).toBeLessThan(-85);
    expect(box.east).toBeGreaterThan(15);
  });

  it('without a location but the southern hemisphere asked for, over the southern zone south of Australia and New Zealand', () => {
    const box = auroraZoneBox(null, 'south');
    const c = centreOf(box);
    expect(c.lat).toBeLessThan(-60);
    expect(c.lat).toBeGreaterThan(-70);
    expect(box.west).toBeLessThan(147); // Tasmania
    expect(box.east).toBeGreaterThanOrEqual(174); // New Zealand
  });

  it("with a northern location, over the zone at the user's longitude", () => {
    const box = auroraZoneBox({ lat: 59.9, lon: 10.7 }, 'north'); // Oslo
    const c = centreOf(box);
    expect(c.lon).toBeCloseTo(10.7, 6);
    expect(c.lat).toBeGreaterThan(60);
  });

  it("with a southern location, over the southern zone whatever hemisphere was passed: the location's own side wins", () => {
    const box = auroraZoneBox({ lat: -45.9, lon: -67.5 }, 'north'); // Patagonia
    const c = centreOf(box);
    expect(c.lon).toBeCloseTo(-67.5, 6);
    expect(c.lat).toBeLessThan(-60);
    expect(box.north).toBeLessThan(0);
  });

  it('never crosses the antimeridian: near ±180° the box slides back inside the world, keeping the location in it', () => {
    for (const home of [
      { lat: -41.3, lon: 174.8 },
      { lat: 64.8, lon: -147.7 },
      { lat: 65, lon: 179.9 },
      { lat: 65, lon: -180 },
      { lat: 65, lon: 190 },
    ]) {
      const box = auroraZoneBox(home, 'north');
      expect(box.west).toBeGreaterThanOrEqual(-180);
      expect(box.east).toBeLessThanOrEqual(180);
      expect(box.east - box.west).toBe(AURORAL_SPAN_LON);
      const lon = ((((home.lon + 180) % 360) + 360) % 360) - 180;
      expect(lon).toBeGreaterThanOrEqual(box.west);
      expect(lon).toBeLessThanOrEqual(box.east);
    }
  });

  it('treats a location that is not a number as no location', () => {
    expect(auroraZoneBox({ lat: Number.NaN, lon: 20 }, 'north')).toEqual(
      auroraZoneBox(null, 'north'),
    );
  });
});

describe('keeping the view on the map', () => {
  const W = MERCATOR_RADIUS * Math.PI;
  it('leaves a centre alone when the view is inside the world', () => {
    expect(keepInsideWorld(0.3 * W, 0.5 * W, W)).toBe(0.3 * W);
  });
  it('pulls a view back from beyond an edge (a phone centred near the pole shows no blank above the map)', () => {
    expect(keepInsideWorld(0.5 * W, 0.6 * W, W)).toBeCloseTo(0.4 * W, 6);
    expect(keepInsideWorld(-0.9 * W, 0.2 * W, W)).toBeCloseTo(-0.8 * W, 6);
  });
  it('centres a view wider than the world', () => {
    expect(keepInsideWorld(0.7 * W, 1.2 * W, W)).toBe(0);
  });
});
