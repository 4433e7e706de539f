/** Is the aurora grid on screen too old to trust? */
import type { FeedState } from '../../../core/model.ts';
import { FRESHNESS } from '../../../core/products/freshness.ts';

/**
 * The OVATION feed's own max age (core/products/freshness.ts: 20 min, three missed 5-minute frames),
 * so the map and the feed status never disagree about the same grid. Used only when the feed's
 * own state is not known.
 */
export const OVATION_MAX_AGE_MS = FRESHNESS['aurora-oval'].maxAgeMs;

export interface GridFreshness {
  stale: boolean;
  /** Observation time of the shown grid; what "age" counts from. */
  ageMs: number;
}

/**
 * Stale when the grid's observation time is older than the maximum age, or when the feed status
 * (its state re-evaluated live, sync/react/useFeedStatus.ts) says the feed is stale, frozen or
 * failing and the grid shown is that feed's newest. An older frame picked on the time slider is
 * history, not stale data.
 */
export function gridFreshness(
  observationTime: number,
  now: number,
  feedState: FeedState | null,
  isNewestFrame: boolean,
  maxAgeMs = OVATION_MAX_AGE_MS,
): GridFreshness {
  const ageMs = now - observationTime;
  if (!isNewestFrame) return { stale: false, ageMs };
  const feedSaysStale = feedState === 'stale' || feedState === 'frozen';
  return { stale: feedSaysStale || ageMs > maxAgeMs, ageMs };
}
