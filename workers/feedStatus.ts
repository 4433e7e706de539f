/**
 * The `feeds` row after each poll, as a pure step: a good body moves the last success and the data
 * time forward; a 304 only confirms; a failure records the reason and keeps everything good.
 */
import type { FeedStatus, Resource } from '../core/model.ts';
import { liveFeedState } from '../core/products/freshness.ts';

export type PollEvent =
  | {
      kind: 'success';
      dataTime: number | null;
      etag: string | null;
      lastModified: string | null;
      schemaDrift: boolean;
      replay: boolean;
    }
  | { kind: 'not-modified' }
  | { kind: 'failure'; error: string };

function emptyFeedStatus(id: Resource): FeedStatus {
  return {
    id,
    lastAttempt: null,
    lastSuccess: null,
    dataTime: null,
    etag: null,
    lastModified: null,
    state: 'stale',
    error: null,
    schemaDrift: false,
    replay: false,
  };
}

/**
 * The data time a good body moves the row to. A product without a time of its own (the solar-cycle
 * prediction) is as old as the file: its Last-Modified, i.e. when SWPC issued it. Never backwards:
 * an older body (a lagging mirror) is not newer data.
 */
function newestDataTime(
  event: { dataTime: number | null; lastModified: string | null },
  previous: number | null,
): number | null {
  const modified = event.lastModified === null ? Number.NaN : Date.parse(event.lastModified);
  const own = event.dataTime ?? (Number.isFinite(modified) ? modified : null);
  return own === null ? previous : Math.max(own, previous ?? -Infinity);
}

export function nextFeedStatus(
  prev: FeedStatus | null,
  id: Resource,
  event: PollEvent,
  now: number,
): FeedStatus {
  const base = prev ?? emptyFeedStatus(id);
  let next: FeedStatus;
  switch (event.kind) {
    case 'success':
      next = {
        ...base,
        lastAttempt: now,
        lastSuccess: now,
        dataTime: newestDataTime(event, base.dataTime),
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
  // Stored for the record; the page re-evaluates it live from the same times (core/products/freshness.ts).
  return { ...next, state: liveFeedState(next, now) };
}
