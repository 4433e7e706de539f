import { distinctUntilChanged, map } from 'rxjs';
import { useMemo, useRef } from 'react';
import { RESOURCES, type FeedStatus, type HookResult, type Resource } from '../../core/model.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { withLiveState } from '../../core/products/freshness.ts';
import { useLiveResult } from './useLiveResult.ts';
import { withReportedCheck } from '../feeds/reportedChecks.ts';
import { useReportedChecksVersion } from './useReportedChecks.ts';

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

const sameRows = (a: FeedStatus[], b: FeedStatus[]) =>
  a.length === b.length && a.every((row, i) => sameRow(row, b[i] ?? null));

/** `value`, or the previous one while it is the same by `same`, so readers re-render only on change. */
function useSame<T>(value: T, same: (a: T, b: T) => boolean): T {
  const kept = useRef(value);
  if (kept.current !== value && !same(kept.current, value)) kept.current = value;
  return kept.current;
}

/**
 * One upstream product's status row (null until the poller has reported on it), live, with the
 * check times this page's poller reported since it was stored (../feeds/reportedChecks.ts); `state` is
 * re-evaluated from the row's times at `now` (core/products/freshness.ts), not the one stored: a
 * feed's state moves with the clock even when nothing is written (opened offline days later, a row
 * the poller last called "fresh" is stale now). `now` comes from the caller's clock (the page's
 * shared one, src/ui/useNow.ts), so nothing here wakes on a timer of its own.
 */
export function useFeedStatus(resource: Resource, now: number): HookResult<FeedStatus | null> {
  const stored = useLiveResult(
    `feed:${resource}`,
    (db) =>
      db.feeds.findOne(resource).$.pipe(
        map((doc) => (doc ? plain(doc) : null)),
        distinctUntilChanged(sameRow),
      ),
    null,
  );
  useReportedChecksVersion();
  const live = useSame(stored.data && withLiveState(withReportedCheck(stored.data), now), sameRow);
  return useMemo(() => ({ ...stored, data: live }), [stored, live]);
}

const NO_FEEDS: FeedStatus[] = [];

/** Every feed's status row, in the order of RESOURCES, live, each state re-evaluated at `now` as above. */
export function useFeedStatuses(now: number): HookResult<FeedStatus[]> {
  const stored = useLiveResult(
    'feeds:all',
    (db) =>
      db.feeds.find().$.pipe(
        // Only the SWPC resources: other rows (the `weather` feed, useWeather) have their own windows.
        map((docs) =>
          docs
            .filter((d) => RESOURCES.includes(d.id))
            .map(plain)
            .sort((a, b) => RESOURCES.indexOf(a.id) - RESOURCES.indexOf(b.id)),
        ),
        distinctUntilChanged(sameRows),
      ),
    NO_FEEDS,
  );
  useReportedChecksVersion();
  const live = useSame(
    stored.data.map((row) => withLiveState(withReportedCheck(row), now)),
    sameRows,
  );
  return useMemo(() => ({ ...stored, data: live }), [stored, live]);
}
