import { combineLatest, distinctUntilChanged, map, timer } from 'rxjs';
import { RESOURCES, type FeedStatus, type HookResult, type Resource } from '../../core/model.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { withLiveState } from '../../core/products/freshness.ts';
import { useLiveResult } from './useLiveResult.ts';

/**
 * A feed's state moves with the clock even when nothing is written (opened offline days later, a
 * row the poller last called "fresh" is stale now): re-evaluate it this often.
 */
const FEED_STATE_TICK_MS = 15_000;

function plain(doc: { _data: FeedDoc }): FeedStatus {
  const d = doc._data;
  return {
    id: d.id,
    lastAttempt: d.lastAttempt,
    lastSuccess: d.lastSuccess,
    dataTime: d.dataTime,
    etag: d.etag,
    lastModified: d.lastModified,
    state: d.state,
    error: d.error,
    schemaDrift: d.schemaDrift,
    replay: d.replay,
  };
}

function sameRow(a: FeedStatus | null, b: FeedStatus | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof FeedStatus)[]).every((k) => a[k] === b[k]);
}

/**
 * One upstream product's status row (null until the poller has reported on it), live; `state` is
 * re-evaluated from the row's times at the current clock (core/products/freshness.ts), not the one stored.
 */
export function useFeedStatus(resource: Resource): HookResult<FeedStatus | null> {
  return useLiveResult(
    `feed:${resource}`,
    (db) =>
      combineLatest([db.feeds.findOne(resource).$, timer(0, FEED_STATE_TICK_MS)]).pipe(
        map(([doc]) => (doc ? withLiveState(plain(doc), Date.now()) : null)),
        distinctUntilChanged(sameRow),
      ),
    null,
  );
}

const NO_FEEDS: FeedStatus[] = [];

/** Every feed's status row, in the order of RESOURCES, live, each state re-evaluated as above. */
export function useFeedStatuses(): HookResult<FeedStatus[]> {
  return useLiveResult(
    'feeds:all',
    (db) =>
      combineLatest([db.feeds.find().$, timer(0, FEED_STATE_TICK_MS)]).pipe(
        map(([docs]) => {
          const now = Date.now();
          // Only the SWPC resources: other rows (the `weather` feed, useWeather) have their own windows.
          return docs
            .filter((d) => RESOURCES.includes(d.id))
            .map((d) => withLiveState(plain(d), now))
            .sort((a, b) => RESOURCES.indexOf(a.id) - RESOURCES.indexOf(b.id));
        }),
        distinctUntilChanged(
          (a, b) => a.length === b.length && a.every((row, i) => sameRow(row, b[i] ?? null)),
        ),
      ),
    NO_FEEDS,
  );
}
