/**
 * The `feeds` row after each poll, as a pure step: a good body moves the last success and the data
 * time forward; a 304 only confirms; a failure records the reason and keeps everything good.
 */
import type { FeedStatus, Resource } from '../sync/model.ts';
import { feedState } from './schedule.ts';
import { sourceFor } from './sources.ts';

export type PollEvent =
  | { kind: 'success'; dataTime: number | null; etag: string | null; lastModified: string | null; schemaDrift: boolean; replay: boolean }
  | { kind: 'not-modified' }
  | { kind: 'failure'; error: string };

export function emptyFeedStatus(id: Resource): FeedStatus {
  return { id, lastAttempt: null, lastSuccess: null, dataTime: null, etag: null, lastModified: null, state: 'stale', error: null, schemaDrift: false, replay: false };
}

export function nextFeedStatus(prev: FeedStatus | null, id: Resource, event: PollEvent, now: number): FeedStatus {
  const base = prev ?? emptyFeedStatus(id);
  let next: FeedStatus;
  switch (event.kind) {
    case 'success':
      next = {
        ...base,
        lastAttempt: now,
        lastSuccess: now,
        // Never move the data time backwards: an older body (a lagging mirror) is not newer data.
        dataTime: event.dataTime === null ? base.dataTime : Math.max(event.dataTime, base.dataTime ?? -Infinity),
        etag: event.etag,
        lastModified: event.lastModified,
        error: null,
        schemaDrift: event.schemaDrift,
        replay: event.replay,
      };
      break;
    case 'not-modified':
      next = { ...base, lastAttempt: now, lastSuccess: now, error: null };
      break;
    case 'failure':
      next = { ...base, lastAttempt: now, error: event.error };
      break;
  }
  return { ...next, state: feedState(next, sourceFor(id), now) };
}
