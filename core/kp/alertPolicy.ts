/**
 * When a Kp alert event starts and ends — one rule for the service worker (periodic sync, push
 * bookkeeping) and the backend's sender (push and all-clear), so the two never disagree about
 * whether a storm is still on.
 *
 * An event starts when Kp reaches the threshold. It ends only when Kp falls a whole Kp unit below
 * it (threshold − 1, inclusive). Why a whole unit: SWPC's Kp moves in thirds (4+ = 4.33, 5- = 4.67,
 * 5o = 5.00), and a storm commonly wobbles between the thirds around the threshold for hours. With
 * a one-third margin (the service worker's old rule) 5o → 4+ → 5o was two storms and two alerts,
 * with an all-clear between them that was not true; a whole unit keeps that one event, and the
 * all-clear means the activity has really eased.
 */

/** How far below the threshold Kp must fall before the event is over. */
const KP_ALERT_END_MARGIN = 1;

/** True when this Kp starts an event (or keeps one going). */
export function reachesKpThreshold(kp: number, threshold: number): boolean {
  return kp >= threshold;
}

/** True when this Kp ends an event that is on. */
export function endsKpAlertEvent(kp: number, threshold: number): boolean {
  return kp <= threshold - KP_ALERT_END_MARGIN;
}
