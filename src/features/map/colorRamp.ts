/**
 * The aurora colour ramp: probability of aurora (0–100 %) → RGBA.
 *
 * The colours are stops of viridis (perceptually uniform, luminance rising monotonically), so the
 * order of values survives every common colour-vision deficiency and greyscale printing. The dark
 * purple start of viridis is skipped because it vanishes on the dark basemap; the ramp starts at
 * viridis blue. Values below MIN_VISIBLE_PERCENT are fully transparent so the basemap stays
 * readable where aurora is unlikely (with a 1-point fade just below it, so the rim is not jagged).
 */

/** Below this probability (%) nothing is drawn: OVATION's low tail is noise for a viewer. */
export const MIN_VISIBLE_PERCENT = 5;

export type Rgb = readonly [number, number, number];

/** Viridis from t = 0.3 to t = 1.0 (matplotlib's table), evenly spaced over 5–100 %. */
export const RAMP_STOPS: readonly { percent: number; rgb: Rgb }[] = [
  { percent: 5, rgb: [49, 104, 142] },
  { percent: 20, rgb: [38, 130, 142] },
  { percent: 35, rgb: [31, 158, 137] },
  { percent: 50, rgb: [53, 183, 121] },
  { percent: 65, rgb: [110, 206, 88] },
  { percent: 80, rgb: [181, 222, 43] },
  { percent: 100, rgb: [253, 231, 37] },
];

/** Just below the threshold the colour fades in over this many percentage points. */
const EDGE_FADE_PERCENT = 1;

/** Opacity at the visible threshold and at full probability; in between it rises linearly to 50 %. */
const ALPHA_MIN = 0.45;
const ALPHA_MAX = 0.9;
const ALPHA_FULL_AT = 50;

/** RGBA (0–255 each) for a probability in percent. Out-of-range input is clamped. */
export function rampColor(percent: number): [number, number, number, number] {
  const p = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  if (p < MIN_VISIBLE_PERCENT - EDGE_FADE_PERCENT) return [0, 0, 0, 0];
  if (p < MIN_VISIBLE_PERCENT) {
    // A soft edge instead of a cliff: the field is sampled smoothly, so this anti-aliases the oval's rim.
    const [r, g, b] = RAMP_STOPS[0]!.rgb;
    return [
      r,
      g,
      b,
      Math.round(255 * ALPHA_MIN * (1 - (MIN_VISIBLE_PERCENT - p) / EDGE_FADE_PERCENT)),
    ];
  }
  let lower = RAMP_STOPS[0]!;
  let upper = RAMP_STOPS[RAMP_STOPS.length - 1]!;
  for (let i = 1; i < RAMP_STOPS.length; i++) {
    const stop = RAMP_STOPS[i]!;
    if (p <= stop.percent) {
      lower = RAMP_STOPS[i - 1]!;
      upper = stop;
      break;
    }
  }
  const span = upper.percent - lower.percent;
  const f = span > 0 ? (p - lower.percent) / span : 0;
  const mix = (a: number, b: number) => Math.round(a + (b - a) * f);
  const alphaF = Math.min(1, (p - MIN_VISIBLE_PERCENT) / (ALPHA_FULL_AT - MIN_VISIBLE_PERCENT));
  const alpha = Math.round(255 * (ALPHA_MIN + (ALPHA_MAX - ALPHA_MIN) * alphaF));
  return [
    mix(lower.rgb[0], upper.rgb[0]),
    mix(lower.rgb[1], upper.rgb[1]),
    mix(lower.rgb[2], upper.rgb[2]),
    alpha,
  ];
}

/**
 * A lookup table of 256 RGBA entries indexed by probability × 2.55 (so a bilinear sample with a
 * fractional percentage still maps to one of 256 colours without a per-pixel search).
 */
export function buildRampLut(): Uint8ClampedArray {
  const lut = new Uint8ClampedArray(256 * 4);
  for (let i = 0; i < 256; i++) lut.set(rampColor(i / 2.55), i * 4);
  return lut;
}

/** Relative luminance (WCAG 2) of an sRGB colour: the quantity the ramp keeps monotonic. */
export function relativeLuminance(rgb: Rgb): number {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** A CSS linear-gradient of the ramp for the legend (left = MIN_VISIBLE_PERCENT, right = 100 %). */
export function rampCssGradient(): string {
  const span = 100 - MIN_VISIBLE_PERCENT;
  const stops = RAMP_STOPS.map(
    (s) =>
      `rgb(${s.rgb.join(' ')}) ${(((s.percent - MIN_VISIBLE_PERCENT) / span) * 100).toFixed(1)}%`,
  );
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
