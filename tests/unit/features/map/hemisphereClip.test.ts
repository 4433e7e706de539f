import { describe, expect, it } from 'vitest';
import {
  clipPolygonToHemisphere,
  clipRingToHemisphere,
  densifyRing,
  unwrapRing,
  visibleRuns,
} from '../../../../src/features/map/hemisphereClip.ts';

const square: [number, number][] = [
  [0, -10],
  [10, -10],
  [10, 10],
  [0, 10],
  [0, -10],
];

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
    const arctic: [number, number][] = [
      [0, 70],
      [10, 70],
      [10, 80],
      [0, 70],
    ];
    expect(clipRingToHemisphere(arctic, 'south')).toBeNull();
    expect(clipPolygonToHemisphere([arctic], 'south')).toBeNull();
  });

  it('densifies long edges to 1° so an edge along the equator follows the globe rim', () => {
    const dense = densifyRing([
      [-180, 0],
      [180, 0],
    ]);
    expect(dense.length).toBe(361);
    expect(dense[1]).toEqual([-179, 0]);
  });

  it('clips holes with their polygon and drops holes on the far side', () => {
    const hole: [number, number][] = [
      [2, -5],
      [4, -5],
      [4, -3],
      [2, -5],
    ];
    const result = clipPolygonToHemisphere([square, hole], 'north')!;
    expect(result.length).toBe(1);
  });
});

describe('antimeridian and lines', () => {
  it('unwraps a ring cut at the antimeridian so no edge spans the whole map', () => {
    const fiji: [number, number][] = [
      [178, -17],
      [180, -16],
      [-179, -16.5],
      [-180, -17.5],
      [178, -17],
    ];
    const out = unwrapRing(fiji);
    for (let i = 1; i < out.length; i++)
      expect(Math.abs(out[i]![0] - out[i - 1]![0])).toBeLessThanOrEqual(180);
    expect(out[2]).toEqual([181, -16.5]);
  });

  it('splits a line into the runs on the visible hemisphere', () => {
    const line: [number, number][] = [
      [0, 10],
      [10, 20],
      [20, -5],
      [30, -10],
      [40, 5],
      [50, 8],
    ];
    expect(visibleRuns(line, 'north')).toEqual([
      [
        [0, 10],
        [10, 20],
      ],
      [
        [40, 5],
        [50, 8],
      ],
    ]);
    expect(visibleRuns(line, 'south')).toEqual([
      [
        [20, -5],
        [30, -10],
      ],
    ]);
  });
});

describe('rings around a pole', () => {
  it('detours through the pole where a ring around Antarctica crosses the antimeridian once', () => {
    const antarctica: [number, number][] = [
      [-180, -84.7],
      [-90, -70],
      [0, -69],
      [90, -66],
      [180, -84.7],
      [-180, -84.7],
    ];
    const out = unwrapRing(antarctica);
    expect(out.slice(4, 8)).toEqual([
      [180, -84.7],
      [180, -90],
      [-180, -90],
      [-180, -84.7],
    ]);
    expect(out[0]).toEqual(out.at(-1));
  });
});
