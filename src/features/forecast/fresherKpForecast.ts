/**
 * Two NOAA products forecast Kp for the next days: the 3-day forecast bulletin (its "NOAA Kp index
 * breakdown", issued twice a day) and the Kp forecast JSON (noaa-planetary-k-index-forecast.json,
 * observed and estimated periods followed by the predicted ones). Show the fresher: the one whose
 * own time (the bulletin's issue time; the JSON's newest observed or estimated period) is newer.
 */
import type {
  KpForecastData,
  KpForecastRow,
  ThreeDayForecastData,
} from '../../../core/normalise/index.ts';

export interface StoredForecast<T> {
  data: T;
  /** The product's own time: the feed's data time, or the product's issued time. */
  time: number;
}

export type FresherKpForecast =
  | { source: 'three-day-forecast'; time: number; data: ThreeDayForecastData }
  | {
      source: 'kp-forecast';
      time: number;
      rows: KpForecastRow[];
      maxKp: number | null;
      maxG: number;
    };

export const KP_SOURCE_NAME: Record<FresherKpForecast['source'], string> = {
  'three-day-forecast': 'the 3-day forecast bulletin',
  'kp-forecast': 'the Kp forecast product',
};

/**
 * The fresher forecast, or null when neither is stored. Ties go to the bulletin (it carries the
 * forecaster's discussion that the page shows with it). The JSON's rows are shown from its newest
 * observed or estimated period on: the last known Kp, then the forecast — whole even when the file
 * is read days after it was fetched, with its age beside it.
 */
export function fresherKpForecast(
  threeDay: StoredForecast<ThreeDayForecastData> | null,
  kpForecast: StoredForecast<KpForecastData> | null,
): FresherKpForecast | null {
  const json = kpForecast && kpForecast.data.rows.length > 0 ? kpForecast : null;
  if (threeDay && (!json || threeDay.time >= json.time))
    return { source: 'three-day-forecast', time: threeDay.time, data: threeDay.data };
  if (!json) return null;
  const newestKnown =
    json.data.rows.filter((r) => r.status !== 'predicted').at(-1)?.t ?? json.data.rows[0]!.t;
  const ahead = json.data.rows.filter((r) => r.t >= newestKnown);
  const predicted = ahead.filter((r) => r.status === 'predicted');
  const peak = predicted.reduce<KpForecastRow | null>(
    (m, r) => (m === null || r.kp > m.kp ? r : m),
    null,
  );
  return {
    source: 'kp-forecast',
    time: json.time,
    rows: ahead,
    maxKp: peak?.kp ?? null,
    maxG: peak?.g ?? 0,
  };
}
