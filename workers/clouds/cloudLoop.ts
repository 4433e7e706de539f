/**
 * Keeps the regional cloud layer of what the map shows: the page tells the worker the view (its
 * lon/lat box and the layer drawn) through the Comlink API while the cloud layer is on, and null
 * when it is off or the map is gone. Once the view has settled (VIEW_SETTLE_MS), the tiles of its
 * level (core/clouds/cloudTiles.ts) that are not stored, lack the layer, or are past their
 * `freshUntil` are asked for in one exchange (pollClouds.ts). Nothing is polled for a view nobody
 * looks at, nothing while offline or forced offline, and never before the page asks: the layer
 * is off by default, so a first visit never loads it before the oval. With the view go the
 * finest tiles around the place in use (sync/places `placeInUse`), so its sky is there offline
 * whatever the zoom it was looked at. Stored tiles are kept for the regions and places looked at,
 * up to MAX_STORED_TILES (the least recently fetched go first).
 */
import { combineLatest, type Subscription } from 'rxjs';
import type { AuroraDatabase } from '../../sync/database.ts';
import { deviceChoices$ } from '../../sync/preferences/deviceChoices.ts';
import { placeInUse } from '../../sync/places/places.ts';
import type { ProductKind } from '../../core/model.ts';
import {
  cloudTileProductId,
  levelForView,
  MAX_VIEW_TILES,
  tilesForView,
  type CloudLayer,
  type LonLatBox,
} from '../../core/clouds/cloudTiles.ts';
import { CLOUD_TILE_KIND, type StoredCloudTile } from '../../core/clouds/storedTile.ts';
import { realTimers, type Timers } from '../request/timers.ts';
import type { FetchLike } from '../request/requestWithRetry.ts';
import { pollClouds } from './pollClouds.ts';

/** The map's view settles (a pan or a zoom ends, the slider stops) before its tiles are asked for. */
export const VIEW_SETTLE_MS = 800;
/** A failed exchange is tried again after this, then twice as long each time, up to 16×. */
const FAILURE_RETRY_MS = 60_000;
/**
 * Tiles kept on the device (~25 KB a layer each): the regions of a few trips at regional zoom and
 * the continent around them.
 */
const MAX_STORED_TILES = 160;

/** The finest tiles within this many degrees of the place in use go with every view's request. */
const PLACE_MARGIN_DEG = 2;

/** The finest tiles around a place. */
export function placeTiles(place: { lat: number; lon: number } | null): string[] {
  if (!place) return [];
  const d = PLACE_MARGIN_DEG;
  return tilesForView(
    { west: place.lon - d, east: place.lon + d, south: place.lat - d, north: place.lat + d },
    0,
  );
}

/** How far beyond each side of the view its tiles are fetched, as a share of the view's size. */
const VIEW_MARGIN = 0.25;

function widen(box: LonLatBox): LonLatBox {
  const dLon = (box.east - box.west) * VIEW_MARGIN;
  const dLat = (box.north - box.south) * VIEW_MARGIN;
  return {
    west: Math.max(-180, box.west - dLon),
    east: Math.min(180, box.east + dLon),
    south: Math.max(-90, box.south - dLat),
    north: Math.min(90, box.north + dLat),
  };
}

export interface CloudView {
  box: LonLatBox;
  layers: CloudLayer[];
}

export interface CloudLoop {
  setView(view: CloudView | null): void;
  setConditions(patch: { online?: boolean; forcedOffline?: boolean }): void;
  stop(): void;
}

/** Which of the view's tiles to ask for now: missing, without a wanted layer, or due again. */
export function dueTiles(
  keys: readonly string[],
  layers: readonly CloudLayer[],
  stored: ReadonlyMap<string, StoredCloudTile>,
  now: number,
): string[] {
  return keys.filter((k) => {
    const t = stored.get(k);
    return !t || now >= t.freshUntil || layers.some((l) => !t.layers[l]);
  });
}

export function startCloudLoop(opts: {
  db: AuroraDatabase;
  fetch: FetchLike;
  backendBase: string;
  online: boolean;
  forcedOffline: boolean;
  now?: () => number;
  timers?: Timers;
}): CloudLoop {
  const now = opts.now ?? (() => Date.now());
  const timers = opts.timers ?? realTimers;
  const abort = new AbortController();
  const conditions = { online: opts.online, forcedOffline: opts.forcedOffline };
  let view: CloudView | null = null;
  let place: { lat: number; lon: number } | null = null;
  let settledAt = 0;
  let failures = 0;
  let retryAt = 0;
  let busy = false;
  let again = false;
  let timer: unknown = null;
  let stopped = false;

  function wake(at: number): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(
      () => {
        timer = null;
        void evaluate();
      },
      Math.max(0, at - now()),
    );
  }

  async function evaluate(): Promise<void> {
    if (stopped || !view || !conditions.online || conditions.forcedOffline) return;
    if (busy) {
      again = true;
      return;
    }
    const t = now();
    if (t < settledAt || t < retryAt) return wake(Math.max(settledAt, retryAt));
    busy = true;
    const asked = view;
    try {
      // The view and a margin around it, at the view's level (a short pan offline finds its
      // cells), and the finest tiles around the place in use.
      const keys = [
        ...new Set([
          ...tilesForView(widen(asked.box), levelForView(asked.box)),
          ...placeTiles(place),
        ]),
      ].slice(0, MAX_VIEW_TILES);
      const docs = await opts.db.products.findByIds(keys.map(cloudTileProductId)).exec();
      const stored = new Map<string, StoredCloudTile>();
      for (const k of keys) {
        const d = docs.get(cloudTileProductId(k));
        if (d) stored.set(k, d._data.data as StoredCloudTile);
      }
      const due = dueTiles(keys, asked.layers, stored, t);
      if (due.length > 0) {
        const r = await pollClouds(due, asked.layers, {
          db: opts.db,
          fetch: opts.fetch,
          backendBase: opts.backendBase,
          now,
          timers,
          signal: abort.signal,
        });
        if (r.outcome === 'failed') {
          failures++;
          retryAt = now() + FAILURE_RETRY_MS * Math.min(16, 2 ** (failures - 1));
        } else {
          failures = 0;
          await prune(keys);
        }
      }
      // Next: when the first of the view's tiles is due again.
      if (view === asked && !stopped) {
        const after = await opts.db.products.findByIds(keys.map(cloudTileProductId)).exec();
        const next = Math.min(
          retryAt > now() ? retryAt : Infinity,
          ...[...after.values()].map((d) => (d._data.data as StoredCloudTile).freshUntil),
        );
        if (Number.isFinite(next)) wake(Math.max(next, now() + 1_000));
      }
    } catch {
      failures++;
      retryAt = now() + FAILURE_RETRY_MS * Math.min(16, 2 ** (failures - 1));
    } finally {
      busy = false;
      if (again) {
        again = false;
        void evaluate();
      }
    }
  }

  /** Keeps the newest MAX_STORED_TILES tiles (and always those of the view). */
  async function prune(inView: readonly string[]): Promise<void> {
    const all = await opts.db.products
      .find({ selector: { kind: CLOUD_TILE_KIND as ProductKind }, sort: [{ issued: 'desc' }] })
      .exec();
    if (all.length <= MAX_STORED_TILES) return;
    const keep = new Set(inView.map(cloudTileProductId));
    const old = all
      .slice(MAX_STORED_TILES)
      .filter((d) => !keep.has(d.id))
      .map((d) => d.id);
    if (old.length > 0) await opts.db.products.bulkRemove(old);
  }

  // The place in use, as the weather loop follows it (workers/weather/weatherLoop.ts).
  const sub: Subscription = combineLatest([
    deviceChoices$(opts.db),
    opts.db.places.find().$,
  ]).subscribe(([choices, docs]) => {
    const loc = choices.location;
    const inUse = placeInUse(
      docs.map(({ _data: d }) => ({ ...d, chosen_at: d.chosen_at ?? null })),
      loc ? { lat: loc.lat, lon: loc.lon, at: loc.at } : null,
    );
    place = inUse ? { lat: inUse.lat, lon: inUse.lon } : null;
  });

  return {
    setView(v) {
      view = v;
      settledAt = now() + VIEW_SETTLE_MS;
      if (v) wake(settledAt);
      else if (timer !== null) {
        timers.clearTimeout(timer);
        timer = null;
      }
    },
    setConditions(patch) {
      const wasOff = !conditions.online || conditions.forcedOffline;
      Object.assign(conditions, patch);
      if (wasOff && conditions.online && !conditions.forcedOffline) retryAt = 0;
      void evaluate();
    },
    stop() {
      stopped = true;
      abort.abort();
      sub.unsubscribe();
      if (timer !== null) timers.clearTimeout(timer);
    },
  };
}
