import { moonAt } from '../tonight/moon.ts';

/**
 * The Moon over one night: its phase at the darkest moment and when it rises and sets within the
 * night. Rise and set are found by sampling (as describeNight does for the Sun) rather than by
 * solving, so a Moon that stays up or down all night at high latitudes needs no special case.
 */
export interface NightMoon {
  /** 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter (suncalc). */
  phase: number;
  phaseName: MoonPhaseName;
  /** Illuminated fraction 0–1 at the darkest moment of the night. */
  illumination: number;
  /** The first rise and the first set within the night (epoch ms), or null. */
  rise: number | null;
  set: number | null;
  /** The Moon's altitude never crosses the horizon during the night. */
  upAllNight: boolean;
  downAllNight: boolean;
}

type MoonPhaseName =
  | 'new moon'
  | 'waxing crescent'
  | 'first quarter'
  | 'waxing gibbous'
  | 'full moon'
  | 'waning gibbous'
  | 'last quarter'
  | 'waning crescent';

const PHASE_NAMES: readonly MoonPhaseName[] = [
  'new moon',
  'waxing crescent',
  'first quarter',
  'waxing gibbous',
  'full moon',
  'waning gibbous',
  'last quarter',
  'waning crescent',
];

/** Each name holds the eighth of the cycle centred on it (new moon: phase 0 ± 1/16). */
export function moonPhaseName(phase: number): MoonPhaseName {
  return PHASE_NAMES[Math.round((((phase % 1) + 1) % 1) * 8) % 8]!;
}

/**
 * Rise/set altitude of the Moon's centre with refraction, degrees: suncalc's getMoonTimes uses
 * 0.133° (the same convention: the apparent altitude, which already holds refraction).
 */
const MOON_HORIZON = 0.133;
/** Ten minutes between samples: rise and set land within a minute or two after interpolation. */
const STEP_MS = 10 * 60_000;

export function moonOverNight(
  from: number,
  to: number,
  darkestAt: number,
  lat: number,
  lon: number,
): NightMoon {
  const light = moonAt(darkestAt, lat, lon);
  let rise: number | null = null;
  let set: number | null = null;
  let prevT = from;
  let prevAlt = moonAt(from, lat, lon).altitudeDeg - MOON_HORIZON;
  let everUp = prevAlt > 0;
  let everDown = !everUp;
  for (let t = from + STEP_MS; t <= to; t += STEP_MS) {
    const alt = moonAt(t, lat, lon).altitudeDeg - MOON_HORIZON;
    if (alt > 0) everUp = true;
    else everDown = true;
    // The crossing by linear interpolation between the two samples around it.
    const crossing = prevT + (STEP_MS * prevAlt) / (prevAlt - alt);
    if (prevAlt <= 0 && alt > 0) rise ??= crossing;
    if (prevAlt > 0 && alt <= 0) set ??= crossing;
    prevT = t;
    prevAlt = alt;
  }
  return {
    phase: light.phase,
    phaseName: moonPhaseName(light.phase),
    illumination: light.illumination,
    rise,
    set,
    upAllNight: everUp && !everDown,
    downAllNight: everDown && !everUp,
  };
}
