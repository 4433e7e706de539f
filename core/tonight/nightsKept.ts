/**
 * How long tonight's kept verdicts (nightRecord.ts) are kept: on the device (sync/nights/
 * purgeOldNights.ts, run by the poller's retention) and on the server (the `nights` guard,
 * migration 20261129010000_nights_retention.sql, deletes the user's older rows and skips an older
 * insert). Both apply the same rule to the same key, the night's date: a night is kept while its
 * date is at or after `oldestNightKept(now)`.
 *
 * What reads old nights: the history panel and the forecast page list the last 10 evenings
 * (sync/nights readLastNights); the poller scores a night once its hours are over, a day later or
 * at the next backfill (workers/poller/scoreNights.ts); the forecasts' track record reads Kp issues,
 * not nights (core/verification/). Nothing reads further back than a few weeks, so the window is
 * what a person would look back on: last season's nights when the next one begins, a year.
 */
import { DAY_MS, utcDayStart } from '../time/dayKey.ts';

/**
 * Nights kept, in days before today (UTC): a year, plus a month so that a device that was offline
 * or closed for a few weeks still finds the nights it has not pushed inside the server's window.
 * The SQL twin is `public.nights_kept_days()`.
 */
export const NIGHTS_KEPT_DAYS = 400;

/** The oldest night (YYYY-MM-DD) still kept at `now`: the UTC date NIGHTS_KEPT_DAYS before today. */
export function oldestNightKept(now: number): string {
  return new Date(utcDayStart(now) - NIGHTS_KEPT_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a night (YYYY-MM-DD) is inside the kept window at `now` (dates compare as text). */
export function isNightKept(night: string, now: number): boolean {
  return night >= oldestNightKept(now);
}
