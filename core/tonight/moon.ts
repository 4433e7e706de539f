import { getMoonIllumination, getMoonPosition } from 'suncalc';

export interface MoonAt {
  /** Altitude above the horizon, degrees (refraction included). */
  altitudeDeg: number;
  /** Illuminated fraction of the disc, 0 (new) – 1 (full). */
  illumination: number;
  /** Phase 0–1: 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter. */
  phase: number;
  up: boolean;
}

export function moonAt(time: number, lat: number, lon: number): MoonAt {
  const date = new Date(time);
  const position = getMoonPosition(date, lat, lon);
  const light = getMoonIllumination(date);
  return {
    altitudeDeg: position.altitude,
    illumination: light.fraction,
    phase: light.phase,
    up: position.altitude > 0,
  };
}
