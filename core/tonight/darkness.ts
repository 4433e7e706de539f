import { sunAltitude } from './sun.ts';

export { sunAltitude } from './sun.ts';

/**
 * How dark the sky is, from the Sun's geometric altitude (sun.ts: no refraction, as the
 * definitions are). The limits are the standard twilight definitions: sunset/sunrise at −0.833°
 * (the upper limb with refraction), civil −6°, nautical −12°, astronomical −18°.
 */
export type DarknessLevel =
  'day' | 'civil-twilight' | 'nautical-twilight' | 'astronomical-twilight' | 'night';

export const SUNSET_ALTITUDE = -0.833;
export const CIVIL = -6;
export const NAUTICAL = -12;
const ASTRONOMICAL = -18;

export function darknessLevel(altitudeDeg: number): DarknessLevel {
  if (altitudeDeg > SUNSET_ALTITUDE) return 'day';
  if (altitudeDeg > CIVIL) return 'civil-twilight';
  if (altitudeDeg > NAUTICAL) return 'nautical-twilight';
  if (altitudeDeg > ASTRONOMICAL) return 'astronomical-twilight';
  return 'night';
}

/** What the night as a whole is like at the place, said plainly. */
export type NightKind =
  /** The Sun never sets (midnight sun). */
  | 'midnight-sun'
  /** It sets, but it never gets darker than civil or nautical twilight (white nights). */
  | 'never-dark'
  /** The Sun never rises (polar night). */
  | 'polar-night'
  | 'normal';

export interface NightSummary {
  kind: NightKind;
  /** The Sun's lowest and highest altitude over the span, degrees. */
  minAltitude: number;
  maxAltitude: number;
  /** When the Sun is lowest (local solar midnight, as sampled). */
  darkestAt: number;
  /** When it gets dark enough for aurora (the Sun below NAUTICAL) and light again, or null. */
  darkFrom: number | null;
  darkUntil: number | null;
}

/** Ten minutes between samples: twilight limits land within a few minutes, 144 sun positions a day. */
const STEP_MS = 10 * 60_000;

/**
 * The night over [from, to) sampled every ten minutes: midnight sun and polar night said plainly,
 * and the span dark enough for aurora (Sun below −12°). Sampling instead of solving rise/set
 * times keeps the polar cases (no rise, no set, several crossings) free of special cases.
 */
export function describeNight(from: number, to: number, lat: number, lon: number): NightSummary {
  let minAltitude = Infinity;
  let maxAltitude = -Infinity;
  let darkestAt = from;
  let darkFrom: number | null = null;
  let darkUntil: number | null = null;
  for (let t = from; t < to; t += STEP_MS) {
    const alt = sunAltitude(t, lat, lon);
    if (alt < minAltitude) {
      minAltitude = alt;
      darkestAt = t;
    }
    maxAltitude = Math.max(maxAltitude, alt);
    if (alt <= NAUTICAL) {
      darkFrom ??= t;
      darkUntil = t + STEP_MS;
    }
  }
  const kind: NightKind =
    minAltitude > SUNSET_ALTITUDE
      ? 'midnight-sun'
      : maxAltitude <= SUNSET_ALTITUDE
        ? 'polar-night'
        : minAltitude > NAUTICAL
          ? 'never-dark'
          : 'normal';
  return { kind, minAltitude, maxAltitude, darkestAt, darkFrom, darkUntil };
}
