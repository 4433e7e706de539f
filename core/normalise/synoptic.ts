/**
 * The 3-hour synoptic periods of the Kp index (00, 03, … 21 UT). No imports: the page's summary
 * (sync/read) uses these too, and must not pull the normalisers into the page bundle.
 */

export const SYNOPTIC_PERIOD_MS = 3 * 3_600_000;
/**
 * How long after a boundary the restarted 1-minute estimate is still climbing back. One window for
 * the summary the app shows and the backend's alert sender (they had 30 and 45 min). The recorded
 * file takes 10–30 min to climb back; the window must outlast the slowest climb with room, because
 * a drop let through too early sends a false all-clear, while a level held too long only shows the
 * period just ended a few minutes more (with the reading's own time).
 */
export const RESET_WINDOW_MS = 45 * 60_000;

/** Start of the 3-hour synoptic period (00, 03, … 21 UT) containing t. */
export function synopticPeriodStart(t: number): number {
  return Math.floor(t / SYNOPTIC_PERIOD_MS) * SYNOPTIC_PERIOD_MS;
}

/**
 * True when t lies in the first 45 minutes (RESET_WINDOW_MS) of a synoptic period, where a falling 1-minute Kp is
 * the estimate restarting, not the storm easing. Alert logic must not treat such a drop as real.
 */
export function isSynopticReset(t: number, windowMs = RESET_WINDOW_MS): boolean {
  if (!Number.isFinite(t)) return false;
  return t - synopticPeriodStart(t) < windowMs;
}
