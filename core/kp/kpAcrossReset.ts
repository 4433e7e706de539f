import { isSynopticReset, synopticPeriodStart, SYNOPTIC_PERIOD_MS } from '../normalise/synoptic.ts';

export interface KpReading {
  value: number;
  t: number;
}

/** How far before the boundary the held 1-minute value may come from (the file has gaps). */
const HOLD_LOOKBACK_MS = 30 * 60_000;

/**
 * Pure: the Kp the summary shows for the newest 1-minute estimate. The estimate restarts at every
 * 3-hour boundary (00, 03, … 21 UT; FORMATS.md): it drops to 0 and climbs back over the next
 * quarter hour or so, even mid-storm. In that window (`isSynopticReset`) a reading below the level
 * of the period just ended is the estimate catching up, not the storm easing, so the summary holds
 * that level: the 3-hourly Kp of the period just ended when it is published, else the estimate's
 * last value before the boundary. A higher reading, or any reading after the window, is shown as
 * it is. The time stays the reading's: the number is as current as the 1-minute feed.
 *
 * `before`: the newest 1-minute reading before the boundary of `latest`; `kp3h`: the newest
 * 3-hourly Kp (its time is the start of its period).
 */
export function kpAcrossReset(
  latest: KpReading,
  before: KpReading | null,
  kp3h: KpReading | null,
): KpReading {
  if (!isSynopticReset(latest.t)) return latest;
  const boundary = synopticPeriodStart(latest.t);
  const official = kp3h && kp3h.t === boundary - SYNOPTIC_PERIOD_MS ? kp3h.value : null;
  const held =
    before && before.t < boundary && before.t >= boundary - HOLD_LOOKBACK_MS ? before.value : null;
  const level = official ?? held;
  return level !== null && level > latest.value ? { value: level, t: latest.t } : latest;
}
