import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import {
  forwardProject,
  inverseProject,
  MERCATOR_RADIUS,
  normaliseLon,
  orthoProj4Def,
  projectionCode,
  projectionSpec,
  type ProjectionSpec,
} from '../../../../src/features/map/projections.ts';

const ortho = (hemisphere: 'north' | 'south', lon0: number) =>
  projectionSpec('3d', hemisphere, lon0) as Extract<ProjectionSpec, { kind: 'ortho' }>;

describe('map projections', () => {
  it('agrees with proj4 for the pole-centred globe, both hemispheres', () => {
    for (const spec of [ortho('north', -100), ortho('south', 147)]) {
      const p = proj4('EPSG:4326', orthoProj4Def(spec));
      const sign = spec.hemisphere === 'north' ? 1 : -1;
      for (const [lon, lat] of [
        [-100, 60],
        [30, 10],
        [170, 85],
        [-179, 45],
      ] as const) {
        const expected = p.forward([lon, sign * lat]);
        const ours = forwardProject(spec, lon, sign * lat)!;
        expect(ours[0]).toBeCloseTo(expected[0]!, 3);
        expect(ours[1]).toBeCloseTo(expected[1]!, 3);
        const back: [number, number] = [0, 0];
        expect(inverseProject(spec, ours[0], ours[1], back)).toBe(true);
        expect(back[0]).toBeCloseTo(lon, 6);
        expect(back[1]).toBeCloseTo(sign * lat, 6);
      }
    }
  });

  it('agrees with Web Mercator as OpenLayers defines it', () => {
    const spec: ProjectionSpec = { kind: 'mercator' };
    const p = proj4('EPSG:4326', 'EPSG:3857');
    const [x, y] = forwardProject(spec, 12.5, 64)!;
    const expected = p.forward([12.5, 64]);
    expect(x).toBeCloseTo(expected[0]!, 3);
    expect(y).toBeCloseTo(expected[1]!, 3);
    const back: [number, number] = [0, 0];
    inverseProject(spec, x, y, back);
    expect(back[0]).toBeCloseTo(12.5, 9);
    expect(back[1]).toBeCloseTo(64, 9);
  });

  it('reports points beyond the globe rim and on the far hemisphere as not drawable', () => {
    const spec = ortho('north', 0);
    expect(inverseProject(spec, 6_400_000, 0, [0, 0])).toBe(false);
    expect(forwardProject(spec, 0, -10)).toBeNull();
    expect(forwardProject(ortho('south', 0), 0, 10)).toBeNull();
  });

  it('puts the centre longitude straight below the north pole and gives each definition its own code', () => {
    const [x, y] = forwardProject(ortho('north', 25), 25, 60)!;
    expect(x).toBeCloseTo(0, 6);
    expect(y).toBeLessThan(0);
    expect(projectionCode(ortho('north', 25))).not.toBe(projectionCode(ortho('north', 26)));
    expect(projectionCode(ortho('north', 25))).not.toBe(projectionCode(ortho('south', 25)));
    expect(projectionCode(projectionSpec('flat', 'south', 25))).toBe('EPSG:3857');
  });

  it('wraps longitudes into −180…180', () => {
    expect(normaliseLon(190)).toBe(-170);
    expect(normaliseLon(-190)).toBe(170);
    expect(normaliseLon(180)).toBe(-180);
    expect(normaliseLon(-360)).toBe(0);
  });
});

describe('edges of the flat map', () => {
  it('has nothing to draw above and below the square Web Mercator world', () => {
    const spec: ProjectionSpec = { kind: 'mercator' };
    expect(inverseProject(spec, 0, MERCATOR_RADIUS * Math.PI * 0.99, [0, 0])).toBe(true);
    expect(inverseProject(spec, 0, MERCATOR_RADIUS * Math.PI * 1.01, [0, 0])).toBe(false);
    expect(inverseProject(spec, 0, -MERCATOR_RADIUS * Math.PI * 1.01, [0, 0])).toBe(false);
  });
});
