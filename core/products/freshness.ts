/**
 * How old each product's data may get before it is stale, and how that is read. The windows are
 * the registry's (core/products/products.ts, `freshness` of each entry); the poller's sources
 * (core/products/sources.ts) and the page read them here: the feed state shown is
 * re-evaluated from the row's own times as the clock moves (`liveFeedState`), never read back from
 * the state the poller stored when it last polled — data opened offline days later reads stale.
 * It imports the registry and no normaliser, so the page can use it without them.
 */
import type { FeedState, FeedStatus, Resource } from '../model.ts';
import { PRODUCTS } from './products.ts';

export interface FreshnessWindow {
  /** Data older than this (newest data time, or last fetch where `ageFrom` says so) is stale. */
  maxAgeMs: number;
  /**
   * Whether age is measured from the data's own newest time, or from the last successful fetch
   * (alerts and advisories can be days old and still be the current state of the feed).
   */
  ageFrom: 'data' | 'fetch';
  /**
   * "Frozen": when we last heard from upstream, its newest data was already this old. Only for
   * products whose data time must move every few minutes; null elsewhere.
   */
  frozenAfterMs: number | null;
}

const HOUR = 3_600_000;

/** Each product's window, from its registry entry. */
export const FRESHNESS = Object.fromEntries(
  (Object.keys(PRODUCTS) as Resource[]).map((r) => [r, PRODUCTS[r].freshness]),
) as Readonly<Record<Resource, FreshnessWindow>>;

/**
 * The place's cloud forecast (the `weather` feed: MET Norway through our weather function, aged by
 * its model run). Not a SWPC product, so not a key above, but its one window all the same: tonight's
 * verdict reads it from here. MET Norway runs hourly; six hours covers a missed run or two.
 */
export const WEATHER_FRESHNESS: FreshnessWindow = {
  maxAgeMs: 6 * HOUR,
  ageFrom: 'data',
  frozenAfterMs: null,
};

/** The feed's state at `now`, from its own times and its product's window (not the stored state). */
export function liveFeedState(
  status: Pick<FeedStatus, 'id' | 'lastSuccess' | 'dataTime' | 'error' | 'replay'>,
  now: number,
): FeedState {
  return feedState(status, FRESHNESS[status.id], now);
}

/** The same row with its state re-evaluated at `now`. */
export function withLiveState<T extends FeedStatus>(status: T, now: number): T {
  const state = liveFeedState(status, now);
  return state === status.state ? status : { ...status, state };
}

/**
 * The freshness of a feed at `now`, from the row's own times only (so the page can re-evaluate it
 * as the clock moves and gets the same answer the poller would):
 * - error: the last attempt failed (the last good data is still shown, with its age);
 * - fresh: the data (or, for alerts and advisories, the last fetch) is within the max age;
 * - frozen: when we last heard from upstream (`lastSuccess`, itself within the max age) its newest
 *   data was already older than `frozenAfterMs` — upstream keeps serving the same old file (e.g. an
 *   OVATION Observation Time that stops moving). Judged from the data time against the fetch time,
 *   never against how often we poll: a hidden tab or a back-off between polls does not turn it into
 *   "stale" and back at the next poll (the flicker of session 10);
 * - stale: older than max age for any other reason (offline, forced offline, failures), and a
 *   product measured by its data time that has none (its age is unknown, so it is not "fresh").
 * Data replayed by the backend from recorded files is never "frozen": it is old by design and
 * the UI labels it as a replay; its age is always its data time, even for alerts and advisories.
 */
export function feedState(
  status: Pick<FeedStatus, 'lastSuccess' | 'dataTime' | 'error' | 'replay'>,
  window: FreshnessWindow,
  now: number,
): FeedState {
  // The error is cleared by every success or 304, so its presence means the last attempt failed.
  if (status.error !== null) return 'error';
  if (status.lastSuccess === null) return 'stale';
  if (window.ageFrom === 'data' && status.dataTime === null) return 'stale';
  // A replay is as old as the data in it, whatever the source's rule: the fetch that brought an
  // old recording must not make it "current".
  const since =
    (window.ageFrom === 'data' || status.replay) && status.dataTime !== null
      ? status.dataTime
      : status.lastSuccess;
  if (now - since <= window.maxAgeMs) return 'fresh';
  if (
    status.replay ||
    window.ageFrom === 'fetch' ||
    status.dataTime === null ||
    window.frozenAfterMs === null
  )
    return 'stale';
  const heardRecently = now - status.lastSuccess <= window.maxAgeMs;
  return heardRecently && status.lastSuccess - status.dataTime > window.frozenAfterMs
    ? 'frozen'
    : 'stale';
}

/** How old the feed's data is, for "updated 12 min ago" texts; null when there is none. */
export function dataAgeMs(
  status: Pick<FeedStatus, 'lastSuccess' | 'dataTime'>,
  source: Pick<FreshnessWindow, 'ageFrom'>,
  now: number,
): number | null {
  // Measured by its data time but it has none: the age is unknown, not "the last fetch".
  const since = source.ageFrom === 'data' ? status.dataTime : status.lastSuccess;
  return since === null ? null : Math.max(0, now - since);
}
