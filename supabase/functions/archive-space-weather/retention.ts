/**
 * How long the archive keeps each product, and the deletes that hold it there. Pure: the cut-offs
 * are computed from `now`; the job sends the deletes (run.ts).
 *
 * - 1-minute series (solar wind, magnetic field, the 1-minute Kp): 30 days — a week offline and
 *   back with room to spare, at ~4,300 rows a day;
 * - hemispheric power (5-minute): 90 days;
 * - 3-hourly Kp, SWPC's and GFZ's: forever (8 rows a day; the track record needs months and
 *   27-day recurrence, and GFZ's own record goes back to 1932);
 * - OVATION frames the space-weather function archived: 2 days (87 KB each, 288 a day);
 * - forecasts (the 3-day forecast, the Kp forecast): forever, the track record is made of them;
 * - other product records (alerts, text forecasts): a year;
 * - day chunks of series the archive kept before per-sample rows (`series/…`): 30 days.
 */
import type { SeriesProduct } from '../../../core/model.ts';

const DAY_MS = 86_400_000;

/** Days a series product is kept; null = forever. */
const SAMPLE_RETENTION_DAYS: Record<SeriesProduct, number | null> = {
  'solar-wind-plasma': 30,
  'solar-wind-mag': 30,
  'kp-1m': 30,
  'hemi-power': 90,
  'kp-3h': null,
  'kp-gfz': null,
};

/** Resources of `space_weather_archive` whose records are kept forever. */
const FOREVER_RECORDS = ['kp-forecast', 'three-day-forecast'] as const;
/** OVATION frames: the time slider's day and the one before it. */
const GRID_RETENTION_DAYS = 2;
const RECORD_RETENTION_DAYS = 365;
const LEGACY_SERIES_RETENTION_DAYS = 30;

export interface RetentionDelete {
  /** A PostgREST path and filter for DELETE. */
  path: string;
  /** What it removes, for the job's answer. */
  what: string;
}

export function retentionDeletes(now: number): RetentionDelete[] {
  const before = (days: number) => encodeURIComponent(new Date(now - days * DAY_MS).toISOString());
  const out: RetentionDelete[] = [];
  for (const [product, days] of Object.entries(SAMPLE_RETENTION_DAYS)) {
    if (days === null) continue;
    out.push({
      path: `space_weather_samples?product=eq.${product}&t=lt.${before(days)}`,
      what: `${product} samples older than ${days} days`,
    });
  }
  out.push({
    path: `space_weather_archive?resource=eq.aurora-oval&data_time=lt.${before(GRID_RETENTION_DAYS)}`,
    what: `OVATION frames older than ${GRID_RETENTION_DAYS} days`,
  });
  out.push({
    path: `space_weather_archive?chunk_id=like.product/*&resource=not.in.(${FOREVER_RECORDS.join(',')})&data_time=lt.${before(RECORD_RETENTION_DAYS)}`,
    what: `product records older than ${RECORD_RETENTION_DAYS} days, forecasts excepted`,
  });
  out.push({
    path: `space_weather_archive?chunk_id=like.series/*&fetched_at=lt.${before(LEGACY_SERIES_RETENTION_DAYS)}`,
    what: `day chunks older than ${LEGACY_SERIES_RETENTION_DAYS} days`,
  });
  return out;
}
