/**
 * One exchange for the regional cloud layer: the tiles of a view asked of our backend's
 * `weather/clouds` (GFS, supabase/functions/CONTEXT.md), checked, and written as one product per
 * tile (`clouds/<key>`, kind `cloud-tile`) with the feed row `clouds`, so the map reads them
 * offline. A tile whose run and hours are those stored keeps its other layers (a view asked for
 * the low deck after the total has both). Bad input never replaces stored tiles.
 */
import type { AuroraDatabase } from '../../sync/database.ts';
import type { FeedStatus, ProductKind, Resource } from '../../core/model.ts';
import { decodeCloudLayer } from '../../core/clouds/cloudBytes.ts';
import {
  CLOUD_LAYERS,
  cloudTileProductId,
  tileGeometry,
  type CloudLayer,
} from '../../core/clouds/cloudTiles.ts';
import { CLOUD_TILE_KIND, type StoredCloudTile } from '../../core/clouds/storedTile.ts';
import { readFeedStatus, writeFeedStatus, writeProducts } from '../../sync/write.ts';
import { toApiError } from '../request/errors.ts';
import { requestWithRetry, type FetchLike } from '../request/requestWithRetry.ts';
import type { Timers } from '../request/timers.ts';

/** The feeds row of the cloud layer (not an SWPC resource: the feeds schema keeps any id). */
export const CLOUDS_FEED = 'clouds' as Resource;
const CLOUDS_PATH = '/functions/v1/weather/clouds';
/** When the backend gives no hint: ask again in a quarter of an hour. */
const DEFAULT_FRESH_MS = 15 * 60_000;

export interface CloudPollDeps {
  fetch: FetchLike;
  backendBase: string;
  db: AuroraDatabase;
  now: () => number;
  timers?: Timers;
  signal?: AbortSignal;
}

export type CloudPollResult =
  { outcome: 'updated'; tiles: number } | { outcome: 'failed'; error: string };

type Parsed = { ok: true; tiles: StoredCloudTile[] } | { ok: false; error: string };

/** The backend's answer, checked tile by tile: every layer must decode to `hours × cells` percentages. */
function parseCloudsBody(
  body: string,
  asked: { keys: readonly string[]; layers: readonly CloudLayer[] },
  freshUntil: number,
): Parsed {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { ok: false, error: 'clouds: the answer is not JSON' };
  }
  if (o?.format !== 'aurora-clouds/1')
    return { ok: false, error: 'clouds: not an aurora-clouds/1 answer' };
  const hours = o.hours;
  if (
    !Array.isArray(hours) ||
    hours.length === 0 ||
    !hours.every((t, i) => typeof t === 'number' && (i === 0 || t > (hours[i - 1] as number)))
  )
    return { ok: false, error: 'clouds: no ascending hours' };
  const run = typeof o.run === 'string' ? Date.parse(o.run) : Number.NaN;
  if (!Number.isFinite(run)) return { ok: false, error: 'clouds: no model run' };
  const source = o.source === 'replay' ? 'replay' : 'upstream';
  const r = o.replayOf as { run?: unknown; shiftMs?: unknown } | undefined;
  const replayRun = typeof r?.run === 'string' ? Date.parse(r.run) : Number.NaN;
  const replayOf =
    r && Number.isFinite(replayRun) && typeof r.shiftMs === 'number'
      ? { run: replayRun, shiftMs: r.shiftMs }
      : undefined;
  if (!Array.isArray(o.tiles)) return { ok: false, error: 'clouds: no tiles' };
  const tiles: StoredCloudTile[] = [];
  for (const t of o.tiles as { key?: unknown; layers?: Record<string, unknown> }[]) {
    const geometry = typeof t?.key === 'string' ? tileGeometry(t.key) : null;
    if (!geometry || !asked.keys.includes(geometry.key))
      return { ok: false, error: `clouds: a tile not asked for (${String(t?.key).slice(0, 20)})` };
    const layers: StoredCloudTile['layers'] = {};
    for (const layer of asked.layers) {
      const b64 = t.layers?.[layer];
      if (
        typeof b64 !== 'string' ||
        !decodeCloudLayer(b64, hours.length, geometry.rows * geometry.cols)
      )
        return { ok: false, error: `clouds: tile ${geometry.key} has no readable ${layer} layer` };
      layers[layer] = b64;
    }
    tiles.push({
      key: geometry.key,
      run,
      source,
      ...(replayOf && { replayOf }),
      hours: hours as number[],
      layers,
      complete: o.complete === true,
      freshUntil,
      attribution: typeof o.attribution === 'string' ? o.attribution : 'NOAA GFS',
    });
  }
  return { ok: true, tiles };
}

/** How long the answer holds: its max-age, or, while the backend is still fetching, its retry hint. */
function freshFor(headers: Headers, body: string): number {
  try {
    const retry = (JSON.parse(body) as { retryAfter?: unknown }).retryAfter;
    if (typeof retry === 'number' && retry > 0) return retry * 1000;
  } catch {
    // parseCloudsBody says what is wrong with it.
  }
  const m = /max-age=(\d+)/.exec(headers.get('cache-control') ?? '');
  return m ? Math.max(60_000, Number(m[1]) * 1000) : DEFAULT_FRESH_MS;
}

function emptyStatus(): FeedStatus {
  return {
    id: CLOUDS_FEED,
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

/** Fetches `keys` (at most the backend's limit) with `layers`, and stores them. */
export async function pollClouds(
  keys: readonly string[],
  layers: readonly CloudLayer[],
  deps: CloudPollDeps,
): Promise<CloudPollResult> {
  const prev = (await readFeedStatus(deps.db, CLOUDS_FEED)) ?? emptyStatus();
  const fail = async (error: string): Promise<CloudPollResult> => {
    await writeFeedStatus(deps.db, { ...prev, lastAttempt: deps.now(), error, state: 'error' });
    return { outcome: 'failed', error };
  };
  const wanted = CLOUD_LAYERS.filter((l) => layers.includes(l));
  const url = `${deps.backendBase.replace(/\/+$/, '')}${CLOUDS_PATH}?tiles=${keys.join(',')}&layers=${wanted.join(',')}`;
  let got;
  try {
    got = await requestWithRetry(url, {
      fetch: deps.fetch,
      timers: deps.timers,
      signal: deps.signal,
    });
  } catch (e) {
    return fail(`clouds: ${toApiError(e).message}`);
  }
  const at = deps.now();
  const body = got.body ?? '';
  const parsed = parseCloudsBody(body, { keys, layers: wanted }, at + freshFor(got.headers, body));
  if (!parsed.ok) return fail(parsed.error);
  const stored = await deps.db.products.findByIds(keys.map(cloudTileProductId)).exec();
  const records = parsed.tiles.map((tile) => {
    const old = stored.get(cloudTileProductId(tile.key))?._data.data as StoredCloudTile | undefined;
    // The same run and hours: the layers asked for before stay with the new ones.
    const keep =
      old && old.run === tile.run && old.hours.join() === tile.hours.join() ? old.layers : {};
    return {
      id: cloudTileProductId(tile.key),
      kind: CLOUD_TILE_KIND as ProductKind,
      // The fetch time: a newer answer always replaces the stored tile (a replay moved to the present
      // can carry a later run than the real one that follows it).
      issued: at,
      data: { ...tile, layers: { ...keep, ...tile.layers } },
      raw: null,
    };
  });
  try {
    await writeProducts(deps.db, records, { fetchedAt: at });
  } catch (e) {
    return fail(
      `clouds: could not store the tiles (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  await writeFeedStatus(deps.db, {
    ...prev,
    lastAttempt: at,
    lastSuccess: at,
    dataTime: parsed.tiles[0]?.run ?? null,
    error: null,
    state: 'fresh',
    replay: parsed.tiles[0]?.source === 'replay',
  });
  return { outcome: 'updated', tiles: parsed.tiles.length };
}
