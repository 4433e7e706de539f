/**
 * The weather function's answer for one place (`GET /functions/v1/weather?lat&lon&radius=0`, MET
 * Norway's hourly cloud by layer) as tonight's verdict reads clouds: the same for the backend's
 * sender (per cell) and the service worker (per saved place). A replayed sample is flagged, so it
 * never yields an alert. Pure.
 */
import type { TonightInputs } from '../tonight/types.ts';

export type CellCloudsValue = NonNullable<TonightInputs['clouds']>;

export type WeatherClouds =
  | { ok: true; clouds: CellCloudsValue; source: 'upstream' | 'replay' }
  | { ok: false; busy: false; error: string };

interface WeatherPoint {
  source?: unknown;
  updatedAt?: unknown;
  hours?: {
    time?: unknown;
    total?: unknown;
    low?: unknown;
    medium?: unknown;
    high?: unknown;
  } | null;
  replayOf?: unknown;
}

/** The weather function's answer for one place → the verdict's clouds (pure). */
export function cloudsFromWeatherAnswer(body: unknown): WeatherClouds {
  const place = (body as { place?: WeatherPoint } | null)?.place;
  const h = place?.hours;
  const updatedAt = typeof place?.updatedAt === 'string' ? Date.parse(place.updatedAt) : NaN;
  const columns = [h?.time, h?.total, h?.low, h?.medium, h?.high];
  if (!h || !columns.every(Array.isArray) || !Number.isFinite(updatedAt))
    return { ok: false, busy: false, error: 'weather answer without hours or model run' };
  const replay = place!.source === 'replay' || place!.replayOf !== undefined;
  return {
    ok: true,
    source: replay ? 'replay' : 'upstream',
    clouds: {
      time: h.time as number[],
      total: h.total as (number | null)[],
      low: h.low as (number | null)[],
      medium: h.medium as (number | null)[],
      high: h.high as (number | null)[],
      updatedAt,
      ...(replay && { replay: true }),
    },
  };
}
