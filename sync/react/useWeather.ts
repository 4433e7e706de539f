import { combineLatest, map } from 'rxjs';
import type { FeedStatus, HookResult } from '../../core/model.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { weatherProductId, type WeatherData } from '../../core/products/weather.ts';
import { useLiveResult } from './useLiveResult.ts';

export interface StoredWeather {
  data: WeatherData;
  /** The place's model run (epoch ms). */
  issued: number;
  /** When this device fetched it. */
  fetchedAt: number;
}

export interface WeatherResult {
  weather: StoredWeather | null;
  /** The `weather` feed row: last attempt, last success, the last error. */
  feed: Pick<FeedStatus, 'lastAttempt' | 'lastSuccess' | 'error' | 'replay'> | null;
}

const NONE: WeatherResult = { weather: null, feed: null };

/**
 * The cloud forecast stored for a place (the worker's `weather/<lat>_<lon>` product, rounded to
 * 0.1° like the backend), with the feed row, live. null place: nothing.
 */
export function useWeather(place: { lat: number; lon: number } | null): HookResult<WeatherResult> {
  const id = place ? weatherProductId(place) : null;
  return useLiveResult(
    `weather:${id}`,
    (db) =>
      combineLatest([
        id ? db.products.findOne(id).$ : db.products.findOne('weather/none').$,
        db.feeds.findOne('weather').$,
      ]).pipe(
        map(([doc, feed]): WeatherResult => {
          const f = feed ? (feed._data as FeedDoc) : null;
          return {
            weather:
              doc && id
                ? {
                    data: doc._data.data as WeatherData,
                    issued: doc._data.issued,
                    fetchedAt: doc._data.fetchedAt,
                  }
                : null,
            feed: f
              ? {
                  lastAttempt: f.lastAttempt,
                  lastSuccess: f.lastSuccess,
                  error: f.error,
                  replay: f.replay,
                }
              : null,
          };
        }),
      ),
    NONE,
  );
}
