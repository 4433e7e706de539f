import { describe, expect, it } from 'vitest';
import {
  MIN_VISIBLE_PERCENT,
  RAMP_STOPS,
  buildRampLut,
  rampColor,
  rampCssGradient,
  relativeLuminance,
  type Rgb,
} from '../../../../src/features/map/colorRamp.ts';

/** Machado et al. (2009) full-severity simulation matrices, applied in linear RGB. */
const CVD: Record<string, number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function toLinear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}
function toSrgb(l: number): number {
  const c = Math.min(1, Math.max(0, l));
  return Math.round(255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055));
}
function simulate(rgb: Rgb, m: number[][]): Rgb {
  const lin = rgb.map(toLinear);
  const row = (r: number[]) => r[0]! * lin[0]! + r[1]! * lin[1]! + r[2]! * lin[2]!;
  return [toSrgb(row(m[0]!)), toSrgb(row(m[1]!)), toSrgb(row(m[2]!))];
}

describe('aurora colour ramp', () => {
  it('is fully transparent below the visibility threshold and opaque enough above it', () => {
    expect(rampColor(0)[3]).toBe(0);
    expect(rampColor(MIN_VISIBLE_PERCENT - 1)[3]).toBe(0);
    expect(rampColor(MIN_VISIBLE_PERCENT)[3]).toBeGreaterThan(100);
    // A one-point fade just below the threshold keeps the rim smooth.
    expect(rampColor(MIN_VISIBLE_PERCENT - 0.5)[3]).toBeGreaterThan(0);
    expect(rampColor(MIN_VISIBLE_PERCENT - 0.5)[3]).toBeLessThan(rampColor(MIN_VISIBLE_PERCENT)[3]);
    expect(rampColor(100)[3]).toBeGreaterThan(rampColor(MIN_VISIBLE_PERCENT)[3]);
  });

  it('gets brighter with every step in probability, so order is readable without hue', () => {
    let previous = -1;
    for (let p = MIN_VISIBLE_PERCENT; p <= 100; p++) {
      const [r, g, b] = rampColor(p);
      const lum = relativeLuminance([r, g, b]);
      expect(lum).toBeGreaterThanOrEqual(previous);
      previous = lum;
    }
  });

  it('keeps its order and clearly distinct endpoints for protanopia, deuteranopia and tritanopia', () => {
    for (const [name, matrix] of Object.entries(CVD)) {
      const lums = RAMP_STOPS.map((s) => relativeLuminance(simulate(s.rgb, matrix)));
      for (let i = 1; i < lums.length; i++)
        expect(lums[i], `${name} stop ${i}`).toBeGreaterThan(lums[i - 1]!);
      // WCAG contrast between the lowest and highest colour as that viewer sees them; 3:1 is the
      // WCAG minimum for graphical objects.
      const ratio = (lums.at(-1)! + 0.05) / (lums[0]! + 0.05);
      expect(ratio, name).toBeGreaterThan(3);
    }
  });

  it('clamps nonsense input instead of painting garbage', () => {
    expect(rampColor(-20)).toEqual([0, 0, 0, 0]);
    expect(rampColor(Number.NaN)).toEqual([0, 0, 0, 0]);
    expect(rampColor(250)).toEqual(rampColor(100));
  });

  it('builds a 256-entry lookup table that agrees with the ramp', () => {
    const lut = buildRampLut();
    expect(lut.length).toBe(1024);
    expect([...lut.slice(255 * 4, 256 * 4)]).toEqual(rampColor(100));
    expect([...lut.slice(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('describes the same stops as a CSS gradient for the legend', () => {
    const css = rampCssGradient();
    expect(css.startsWith('linear-gradient(to right, ')).toBe(true);
    expect(css).toContain('rgb(49 104 142) 0.0%');
    expect(css).toContain('rgb(253 231 37) 100.0%');
  });
});
