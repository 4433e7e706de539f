/**
 * The 3-hour synoptic periods of the Kp index (00, 03, … 21 UT). No imports: the page's summary
 * (sync/read) uses these too, and must not pull the normalisers into the page bundle.
 */

export const SYNOPTIC_PERIOD_MS = 3 * 3_600_000;
/** How long after a boundary the restarted 1-minute estimate is still climbing back (seen: 10–15 min). */
export const RESET_WINDOW_MS = 30 * 60_000;

/** Start of the 3-hour synoptic period (00, 03, … 21 UT) containing t. */
export function synopticPeriodStart(t: number): number {
  return Math.floor(t / SYNOPTIC_PERIOD_MS) * SYNOPTIC_PERIOD_MS;
}

/**
 * True when t lies in the first 30 minutes of a synoptic period, where a falling 1-minute Kp is
 * the estimate restarting, not the storm easing. Alert logic must not treat such a drop as real.
 */
export function isSynopticReset(t: number, windowMs = RESET_WINDOW_MS): boolean {
  if (!Number.isFinite(t)) return false;
  return t - synopticPeriodStart(t) < windowMs;
}
