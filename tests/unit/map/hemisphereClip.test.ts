import { describe, expect, it } from 'vitest';
import { clipPolygonToHemisphere, clipRingToHemisphere, densifyRing } from '../../../src/features/map/hemisphereClip.ts';

const square: [number, number][] = [[0, -10], [10, -10], [10, 10], [0, 10], [0, -10]];

describe('clipping to the visible hemisphere', () => {
  it('keeps only the northern half of a ring crossing the equator, cut exactly at the equator', () => {
    const clipped = clipRingToHemisphere(square, 'north')!;
    expect(clipped[0]).toEqual(clipped.at(-1));
    expect(clipped.every(([, lat]) => lat >= 0)).toBe(true);
    expect(clipped.some(([lon, lat]) => lon === 10 && lat === 0)).toBe(true);
    expect(clipped.some(([lon, lat]) => lon === 0 && lat === 10)).toBe(true);
  });

  it('keeps the southern half for the southern globe and drops rings entirely on the far side', () => {
    expect(clipRingToHemisphere(square, 'south')!.every(([, lat]) => lat <= 0)).toBe(true);
    const arctic: [number, number][] = [[0, 70], [10, 70], [10, 80], [0, 70]];
    expect(clipRingToHemisphere(arctic, 'south')).toBeNull();
    expect(clipPolygonToHemisphere([arctic], 'south')).toBeNull();
  });

  it('densifies long edges to 1° so an edge along the equator follows the globe rim', () => {
    const dense = densifyRing([[-180, 0], [180, 0]]);
    expect(dense.length).toBe(361);
    expect(dense[1]).toEqual([-179, 0]);
  });

  it('clips holes with their polygon and drops holes on the far side', () => {
    const hole: [number, number][] = [[2, -5], [4, -5], [4, -3], [2, -5]];
    const result = clipPolygonToHemisphere([square, hole], 'north')!;
    expect(result.length).toBe(1);
  });
});
