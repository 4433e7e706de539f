import { combineLatest, map, of } from 'rxjs';
import type { FeedStatus, HookResult } from '../../core/model.ts';
import { cloudTileProductId } from '../../core/clouds/cloudTiles.ts';
import type { StoredCloudTile } from '../../core/clouds/storedTile.ts';
import type { FeedDoc } from '../schemas/feeds.ts';
import { useLiveResult } from './useLiveResult.ts';

export interface CloudTilesResult {
  /** The stored tiles among those asked for, by key (a tile never fetched is absent). */
  tiles: ReadonlyMap<string, StoredCloudTile>;
  /** The `clouds` feed row: the last exchange's attempt, success and error. */
  feed: Pick<FeedStatus, 'lastAttempt' | 'lastSuccess' | 'error' | 'replay'> | null;
}

const NONE: CloudTilesResult = { tiles: new Map(), feed: null };

/**
 * The regional cloud layer's stored tiles (products `clouds/<key>`, written by the worker's cloud
 * loop) for the keys the map's view needs, with the feed row, live. The same tiles offline.
 */
export function useCloudTiles(keys: readonly string[]): HookResult<CloudTilesResult> {
  const ids = keys.map(cloudTileProductId);
  return useLiveResult(
    `clouds:${ids.join(',')}`,
    (db) =>
      // No view (the layer off): no query at all, so the map's first load reads nothing more.
      ids.length === 0
        ? of(NONE)
        : combineLatest([db.products.findByIds(ids).$, db.feeds.findOne('clouds').$]).pipe(
            map(([docs, feed]): CloudTilesResult => {
              const tiles = new Map<string, StoredCloudTile>();
              for (const k of keys) {
                const d = docs.get(cloudTileProductId(k));
                if (d) tiles.set(k, d._data.data as StoredCloudTile);
              }
              const f = feed ? (feed._data as FeedDoc) : null;
              return {
                tiles,
                feed: f
                  ? {
                      lastAttempt: f.lastAttempt,
                      lastSuccess: f.lastSuccess,
                      error: f.error,
                      replay: f.replay,
                    }
                  : null,
              };
            }),
          ),
    NONE,
  );
}
