/** Spec §9: the background has 200 stars. */
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
