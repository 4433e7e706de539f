/** The verdict's inputs from what the device stores: plain data in, core/tonight's shape out. */
import type { TonightInputs } from '../../../../core/tonight/types.ts';
import type { GridSnapshot, ProductRecord } from '../../../../core/model.ts';
import type { StoredWeather } from '../../../../sync/react/index.ts';

export interface KpForecastProduct {
  rows: { t: number; kp: number }[];
}

export function tonightInputs(args: {
  place: { lat: number; lon: number };
  now: number;
  ovation: GridSnapshot | null;
  kpForecast: ProductRecord<KpForecastProduct> | null;
  weather: StoredWeather | null;
  /** When the Kp forecast was last fetched (its feed row), else its issue time counts. */
  kpFetchedAt?: number | null;
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
            updatedAt: args.kpFetchedAt ?? kpForecast.issued,
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
