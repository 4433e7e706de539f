import { get as getProjection, transform } from 'ol/proj.js';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { olProjection } from '../../../../../src/features/map/olmap/olProjection.ts';
import {
  ORTHO_RADIUS,
  orthoProj4Def,
  projectionCode,
  projectionSpec,
  type ProjectionSpec,
} from '../../../../../src/features/map/projections.ts';

const globe = (hemisphere: 'north' | 'south', lon0: number) =>
  projectionSpec('3d', hemisphere, lon0) as Extract<ProjectionSpec, { kind: 'ortho' }>;

describe('the OpenLayers projection of the globe', () => {
  it('takes lon/lat and flat-map coordinates to the globe where proj4 puts them, and back', async () => {
    for (const spec of [globe('north', 18.9), globe('south', 147)]) {
      const code = projectionCode(spec);
      expect((await olProjection(spec)).getCode()).toBe(code);
      const sign = spec.hemisphere === 'north' ? 1 : -1;
      const reference = proj4('EPSG:4326', orthoProj4Def(spec));
      for (const [lon, lat] of [
        [18.9, 69.6],
        [-100, 55],
        [170, 80],
      ] as const) {
        const expected = reference.forward([lon, sign * lat]);
        const fromLonLat = transform([lon, sign * lat], 'EPSG:4326', code);
        expect(fromLonLat[0]).toBeCloseTo(expected[0]!, 3);
        expect(fromLonLat[1]).toBeCloseTo(expected[1]!, 3);
        const fromFlat = transform(
          transform([lon, sign * lat], 'EPSG:4326', 'EPSG:3857'),
          'EPSG:3857',
          code,
        );
        expect(fromFlat[0]).toBeCloseTo(expected[0]!, 3);
        expect(fromFlat[1]).toBeCloseTo(expected[1]!, 3);
        const back = transform(fromLonLat, code, 'EPSG:4326');
        expect(back[0]).toBeCloseTo(lon, 6);
        expect(back[1]).toBeCloseTo(sign * lat, 6);
      }
    }
  });

  it('adds only the globe’s own projection to OpenLayers, none of proj4’s definitions', async () => {
    await olProjection(globe('north', 0));
    // proj4 defines EPSG:4269 (NAD83) among its defaults; the map never shows it.
    expect(getProjection('EPSG:4269')).toBeNull();
  });

  it('puts a point a rounding error past the horizon (a clipped ring’s end) on the horizon', async () => {
    const spec = globe('north', 0);
    await olProjection(spec);
    const [x, y] = transform([90, -1e-12], 'EPSG:4326', projectionCode(spec));
    expect(Math.hypot(x!, y!)).toBeCloseTo(ORTHO_RADIUS, 0);
  });
});
