import { describe, expect, it } from 'vitest';
import { relativeLuminance, type Rgb } from '../../../../../src/features/map/colorRamp.ts';
import { PALETTES, type MapStyleName } from '../../../../../src/features/map/olmap/palette.ts';

/** '#rrggbb' or 'rgba(r, g, b, a)' → [rgb, alpha]. */
function parse(css: string): [Rgb, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css);
  if (hex) return [[parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)], 1];
  const rgba = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(css);
  if (!rgba) throw new Error(`unreadable colour ${css}`);
  return [[Number(rgba[1]), Number(rgba[2]), Number(rgba[3])], Number(rgba[4])];
}

/** A translucent colour painted over an opaque one, as the canvas composes it. */
function over(top: string, base: string | Rgb): Rgb {
  const [t, a] = parse(top);
  const b = typeof base === 'string' ? parse(base)[0] : base;
  return [0, 1, 2].map((i) => Math.round(t[i]! * a + b[i]! * (1 - a))) as unknown as Rgb;
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('night shading on the map', () => {
  for (const style of ['dark', 'light'] as MapStyleName[]) {
    const p = PALETTES[style];
    it(`the night side stands apart from the day side on land and sea in the ${style} style`, () => {
      // 1.3:1 is a difference a person sees at a glance across a large area; the old dark style
      // darkened an almost black map by 1.07:1, which nobody could see.
      expect(contrast(parse(p.land)[0], over(p.night, p.land))).toBeGreaterThanOrEqual(1.3);
      expect(contrast(parse(p.ocean)[0], over(p.night, p.ocean))).toBeGreaterThanOrEqual(1.3);
    });

    it(`the terminator line shows against the night-shaded sea in the ${style} style`, () => {
      const sea = over(p.night, p.ocean);
      expect(contrast(over(p.terminator, sea), sea)).toBeGreaterThanOrEqual(2);
    });
  }
});
