import { describe, expect, it } from 'vitest';
import { viewLonLatBox } from '../../../../../src/features/map/olmap/viewBox.ts';
import {
  forwardProject,
  ORTHO_RADIUS,
  type ProjectionSpec,
} from '../../../../../src/features/map/projections.ts';

describe('the lon/lat box a map view shows', () => {
  it('is the corners of a flat view, clamped to the map’s edges', () => {
    const flat: ProjectionSpec = { kind: 'mercator' };
    const [x0, y0] = forwardProject(flat, 9, 66)!;
    const [x1, y1] = forwardProject(flat, 29, 73)!;
    const box = viewLonLatBox(flat, [x0!, y0!, x1!, y1!])!;
    expect(box.west).toBeCloseTo(9, 6);
    expect(box.east).toBeCloseTo(29, 6);
    expect(box.south).toBeCloseTo(66, 6);
    expect(box.north).toBeCloseTo(73, 6);
  });

  it('takes every longitude when the globe shows its pole', () => {
    const globe: ProjectionSpec = { kind: 'ortho', hemisphere: 'north', lon0: 19 };
    const r = ORTHO_RADIUS;
    const box = viewLonLatBox(globe, [-r / 4, -r / 4, r / 4, r / 4])!;
    expect(box).toMatchObject({ west: -180, east: 180, north: 90 });
    expect(box.south).toBeGreaterThan(60);
  });
});
