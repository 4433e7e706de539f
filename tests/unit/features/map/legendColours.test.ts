import { describe, expect, it } from 'vitest';
import { rampColor } from '../../../../src/features/map/colorRamp.ts';
import { LEGEND_COLOURS, legendColoursText } from '../../../../src/features/map/legendColours.ts';

/** Hue in degrees (0–360) of an sRGB colour. */
function hue([r, g, b]: readonly number[]): number {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
}

const HUES: Record<string, [number, number]> = {
  yellow: [45, 70],
  green: [90, 170],
  blue: [180, 250],
};

describe('the legend says the colours the map paints', () => {
  for (const c of LEGEND_COLOURS) {
    it(`${c.name} is what the ramp paints at ${c.percent} %`, () => {
      const h = hue(rampColor(c.percent));
      const [lo, hi] = HUES[c.name]!;
      expect(h).toBeGreaterThanOrEqual(lo);
      expect(h).toBeLessThanOrEqual(hi);
    });
  }

  it('reads as a sentence from the lowest value to the highest', () => {
    expect(legendColoursText()).toBe('blue is 5 %, green about 50 %, yellow 100 %');
  });
});
