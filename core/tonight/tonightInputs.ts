/**
 * The verdict's inputs from what the device stores: plain data in, core/tonight's shape out. Each
 * input is aged from its data's own time (OVATION's observation, the Kp forecast's newest known
 * period, the cloud model's run), as everywhere else on screen. In core so the page (the place
 * shown) and the poller worker (every saved place, workers/nights/) build them one way.
 */
import type { TonightInputs } from './types.ts';
import type { GridSnapshot, ProductRecord } from '../model.ts';
import type { WeatherData } from '../products/weather.ts';

export interface KpForecastProduct {
  rows: { t: number; kp: number }[];
}

export function tonightInputs(args: {
  place: { lat: number; lon: number };
  now: number;
  ovation: GridSnapshot | null;
  kpForecast: ProductRecord<KpForecastProduct> | null;
  /** The stored `weather/<lat>_<lon>` product (sync/react useWeather's StoredWeather): its data and run. */
  weather: { data: WeatherData; issued: number } | null;
}): TonightInputs {
  const { place, now, ovation, kpForecast, weather } = args;
  const rows = kpForecast?.data?.rows;
  const hours = weather?.data.place.hours ?? null;
  return {
    place,
    now,
    ovation: ovation
      ? {
          observationTime: ovation.observationTime,
          forecastTime: ovation.forecastTime,
          values: ovation.values,
        }
      : null,
    kpForecast:
      kpForecast && Array.isArray(rows)
        ? {
            entries: rows.map((r) => ({ time: r.t, kp: r.kp })),
            // The data's own time (its newest observed or estimated period, core/normalise/kpForecast.ts),
            // the time the feed row and /forecast age it from (core/products/freshness.ts): never
            // the fetch, which would call a file SWPC stopped updating weeks ago "1 min old".
            updatedAt: kpForecast.issued,
          }
        : null,
    clouds:
      hours && weather
        ? {
            ...hours,
            updatedAt: weather.data.place.updatedAt ?? weather.issued,
            ...(weather.data.place.replayOf && { replay: true }),
          }
        : null,
  };
}
