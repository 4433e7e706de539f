import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { nearestSample } from '../../../../src/ui/charts/nearestSample.ts';
import { fittedAxisSize } from '../../../../src/ui/charts/chartOptions.ts';

const t = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const everywhere = () => true;

describe('what the crosshair reads', () => {
  it('reads the sample under it when there is one', () => {
    const data: uPlot.AlignedData = [t, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]];
    expect(nearestSample(data, 4, everywhere)).toBe(4);
  });

  it('reads the nearest sample with a value when it lands on an empty minute, on either side', () => {
    const data: uPlot.AlignedData = [t, [1, null, null, null, null, null, null, 8, null, null]];
    expect(nearestSample(data, 5, everywhere)).toBe(7);
    expect(nearestSample(data, 2, everywhere)).toBe(0);
  });

  it('counts a value in any series, so every series is read at one time', () => {
    const data: uPlot.AlignedData = [
      t,
      [null, null, null, null, null, null, null, null, null, null],
      [null, null, null, null, null, null, 7, null, null, null],
    ];
    expect(nearestSample(data, 3, everywhere)).toBe(6);
  });

  it('says a gap as a gap when nothing is within reach', () => {
    const data: uPlot.AlignedData = [t, [1, null, null, null, null, null, null, null, null, 10]];
    expect(nearestSample(data, 5, (j) => Math.abs(j - 5) <= 2)).toBe(5);
  });
});

describe('a small chart’s y axis', () => {
  it('is as wide as its longest label plus the tick, so "1,000" is not cut to ",000"', () => {
    const sixPxPerChar = (text: string) => text.length * 6;
    expect(fittedAxisSize(['400', '700', '1,000'], sixPxPerChar)).toBe(15 + 30);
    expect(fittedAxisSize(['0', '5'], sixPxPerChar)).toBe(28);
    expect(fittedAxisSize(null, sixPxPerChar)).toBe(28);
  });
});
