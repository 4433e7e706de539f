import type { FeedStatus } from '../../core/model.ts';

/** A feed row as the poller writes it after a good poll just now; `patch` changes what a test needs. */
export function feedStatus(id: FeedStatus['id'], patch: Partial<FeedStatus> = {}): FeedStatus {
  const now = Date.now();
  return {
    id,
    lastAttempt: now,
    lastSuccess: now,
    dataTime: now,
    etag: null,
    lastModified: null,
    state: 'fresh',
    error: null,
    schemaDrift: false,
    replay: false,
    ...patch,
  };
}
