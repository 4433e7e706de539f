/** The background sky has 200 stars. */
export const STAR_COUNT = 200;

export interface Star {
  /** Position as a fraction of the canvas, so a resize keeps the sky. */
  x: number;
  y: number;
  radius: number;
  /** Base brightness 0..1 and twinkle phase/speed (radians, radians per second). */
  alpha: number;
  phase: number;
  speed: number;
}

export function createStars(count: number, random: () => number = Math.random): Star[] {
  return Array.from({ length: count }, () => ({
    x: random(),
    y: random(),
    radius: 0.3 + random() * 1.2,
    alpha: 0.3 + random() * 0.7,
    phase: random() * Math.PI * 2,
    speed: 0.4 + random() * 1.6,
  }));
}

/** A star's brightness at a time; with motion reduced, always its base brightness. */
export function starAlpha(star: Star, seconds: number, reducedMotion: boolean): number {
  if (reducedMotion) return star.alpha;
  return star.alpha * (0.65 + 0.35 * Math.sin(star.phase + seconds * star.speed));
}

/** Brightness levels the sky is drawn in: one canvas fill each (a twinkle needs no finer steps). */
export const ALPHA_LEVELS = 12;

/** A star's brightness rounded to one of ALPHA_LEVELS levels (0: not drawn this frame). */
export function starAlphaLevel(star: Star, seconds: number, reducedMotion: boolean): number {
  return Math.round(starAlpha(star, seconds, reducedMotion) * ALPHA_LEVELS);
}

/** The twinkle waits this long after mount: the screen's first paint and the map come first. */
export const TWINKLE_DELAY_MS = 5000;

/**
 * The twinkle stops this long after the last touch, click, scroll or key, and the sky holds still
 * until the next one: a screen left open all night (the map with its wake lock) otherwise woke the
 * main thread on every display frame, 216,000 times an hour (soak bench, `soak.wakeupsPerHour` ≤ 120).
 */
export const SKY_IDLE_MS = 2 * 60_000;

/**
 * Whether the sky may twinkle: not under prefers-reduced-motion, and not on a connection the
 * user asked to spare (Save-Data) or a 2g one (a phone that slow has no main thread to spare).
 */
export function mayAnimateSky(o: {
  reducedMotion: boolean;
  saveData?: boolean;
  effectiveType?: string;
}): boolean {
  if (o.reducedMotion || o.saveData) return false;
  return o.effectiveType !== '2g' && o.effectiveType !== 'slow-2g';
}
