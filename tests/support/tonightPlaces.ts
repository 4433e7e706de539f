import { readFileSync } from 'node:fs';
import { parseLocationforecast } from '../../supabase/functions/weather/parseLocationforecast.ts';
import type { TonightInputs } from '../../core/tonight/verdict.ts';

export const TROMSO = { lat: 69.65, lon: 18.96 };
export const HOBART = { lat: -42.88, lon: 147.33 };
export const EDINBURGH = { lat: 55.95, lon: -3.19 };
export const QUITO = { lat: -0.18, lon: -78.47 };

export const HOUR = 3_600_000;

/** Hourly clouds for the verdict from one of the MET Norway fixtures, through the weather function's parser. */
export function cloudsFromFixture(
  name: string,
  updatedAt?: number,
): NonNullable<TonightInputs['clouds']> {
  const parsed = parseLocationforecast(
    readFileSync(new URL(`../fixtures/metno/${name}`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return { ...parsed.forecast.hours, updatedAt: updatedAt ?? parsed.forecast.updatedAt! };
}

/** Clear sky, hour by hour, over a span. */
export function clearSky(
  from: number,
  hours: number,
  updatedAt: number,
): NonNullable<TonightInputs['clouds']> {
  const time = Array.from({ length: hours }, (_, i) => from + i * HOUR);
  return {
    time,
    total: time.map(() => 3),
    low: time.map(() => 0),
    medium: time.map(() => 0),
    high: time.map(() => 6),
    updatedAt,
  };
}

/** A flat Kp forecast in SWPC's three-hour blocks. */
export function kpForecast(
  kp: number,
  from: number,
  blocks: number,
  updatedAt: number,
): NonNullable<TonightInputs['kpForecast']> {
  const start = Math.floor(from / (3 * HOUR)) * 3 * HOUR;
  return {
    entries: Array.from({ length: blocks }, (_, i) => ({ time: start + i * 3 * HOUR, kp })),
    updatedAt,
  };
}

export const BERLIN = { lat: 52.52, lon: 13.4 };
export const MINNEAPOLIS = { lat: 44.98, lon: -93.27 };
export const LONGYEARBYEN = { lat: 78.22, lon: 15.65 };
/** Concordia station, Dome C, Antarctica: deep inside the southern polar cap. */
export const CONCORDIA = { lat: -75.1, lon: 123.35 };
