import { describe, expect, it } from 'vitest';
import type { Ring } from '../../../../src/features/map/hemisphereClip.ts';
import {
  PROJECT_SLICE_MS,
  projectBasemapPolygons,
} from '../../../../src/features/map/olmap/basemap.ts';

const square = (lon: number): Ring[] => [
  [
    [lon, 50],
    [lon + 5, 50],
    [lon + 5, 55],
    [lon, 55],
    [lon, 50],
  ],
];

describe('projecting the basemap for the view', () => {
  it('gives the main thread back between slices and still projects every polygon', async () => {
    const features = Array.from({ length: 6 }, (_, i) => square(i * 10));
    // A clock where each feature takes a whole slice: every feature after the first waits for a yield.
    let t = 0;
    let yields = 0;
    const out = await projectBasemapPolygons(
      features,
      { kind: 'mercator' },
      () => false,
      async () => {
        yields += 1;
      },
      () => (t += PROJECT_SLICE_MS),
    );
    expect(yields).toBeGreaterThanOrEqual(features.length - 1);
    expect(out).toHaveLength(6);
    // Web Mercator metres: lon 0 → x 0, lon 5 → ~556 km.
    expect(out![0]![0]![0]![0]).toBeCloseTo(0, 3);
    expect(out![0]![0]![1]![0]).toBeCloseTo(556_597.45, 0);
  });

  it('stops when the view changes between slices', async () => {
    const features = Array.from({ length: 6 }, (_, i) => square(i * 10));
    let t = 0;
    let changed = false;
    const out = await projectBasemapPolygons(
      features,
      { kind: 'mercator' },
      () => changed,
      async () => {
        changed = true;
      },
      () => (t += PROJECT_SLICE_MS),
    );
    expect(out).toBeNull();
  });
});
