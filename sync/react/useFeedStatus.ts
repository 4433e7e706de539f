import { map } from 'rxjs';
import { RESOURCES, type FeedStatus, type HookResult, type Resource } from '../model.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { useLiveResult } from './useLiveResult.ts';

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

/** One upstream product's status row (null until the poller has reported on it), live. */
export function useFeedStatus(resource: Resource): HookResult<FeedStatus | null> {
  return useLiveResult(
    `feed:${resource}`,
    (db) => db.feeds.findOne(resource).$.pipe(map((doc) => (doc ? plain(doc) : null))),
    null,
  );
}

const NO_FEEDS: FeedStatus[] = [];

/** Every feed's status row, in the order of RESOURCES, live. */
export function useFeedStatuses(): HookResult<FeedStatus[]> {
  return useLiveResult(
    'feeds:all',
    (db) =>
      db.feeds.find().$.pipe(
        map((docs) =>
          docs.map(plain).sort((a, b) => RESOURCES.indexOf(a.id) - RESOURCES.indexOf(b.id)),
        ),
      ),
    NO_FEEDS,
  );
}
