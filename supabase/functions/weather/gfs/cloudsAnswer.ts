/**
 * `GET /weather/clouds?tiles=<key>,…&layers=total,low,medium,high`: the regional cloud layer's
 * tiles (core/clouds/cloudTiles.ts) for the hours the backend holds, as JSON: per tile and layer
 * the `hours × cells` bytes, hour-to-hour differences, base64 (core/clouds/cloudBytes.ts). The
 * body and its ETag are made once per set of tiles and version of the bands behind them.
 */
import { bodyEtag, isNotModified } from '../../_shared/conditional.ts';
import { CORS_ANSWER_HEADERS, errorJson } from '../../_shared/http.ts';
import { encodeCloudLayer } from '../../../../core/clouds/cloudBytes.ts';
import {
  CLOUD_LAYERS,
  MAX_VIEW_TILES,
  tileGeometry,
  type CloudLayer,
  type TileGeometry,
} from '../../../../core/clouds/cloudTiles.ts';
import type { GfsClouds } from './gfsClouds.ts';
import { latestRun, PUBLISH_LAG_MS } from './gfsRequest.ts';

/** GFS is a work of the US government (public domain); NOAA asks to be named as the source. */
const CLOUDS_ATTRIBUTION = 'Cloud cover: NOAA GFS (public domain)';
/** How soon a client asks again while the backend is still fetching a run's hours. */
const INCOMPLETE_RETRY_S = 15;
/** Different sets of tiles whose answer is kept. */
const MAX_KEPT = 64;
const RUN_EVERY_MS = 6 * 3_600_000;

type CloudsQuery =
  { ok: true; tiles: TileGeometry[]; layers: CloudLayer[] } | { ok: false; error: string };

function parseCloudsQuery(url: string): CloudsQuery {
  const params = new URL(url).searchParams;
  const rawTiles = (params.get('tiles') ?? '').split(',').filter(Boolean);
  if (rawTiles.length === 0)
    return { ok: false, error: 'tiles is required: ?tiles=<level>/<row>_<col>,… (core/clouds)' };
  if (rawTiles.length > MAX_VIEW_TILES)
    return {
      ok: false,
      error: `at most ${MAX_VIEW_TILES} tiles per request, got ${rawTiles.length}`,
    };
  const tiles: TileGeometry[] = [];
  for (const key of new Set(rawTiles)) {
    const t = tileGeometry(key);
    if (!t) return { ok: false, error: `no such tile: "${key.slice(0, 40)}"` };
    tiles.push(t);
  }
  const rawLayers = (params.get('layers') ?? 'total').split(',').filter(Boolean);
  const layers: CloudLayer[] = [];
  for (const l of new Set(rawLayers)) {
    if (!(CLOUD_LAYERS as readonly string[]).includes(l))
      return { ok: false, error: `layers are ${CLOUD_LAYERS.join(', ')}; got "${l.slice(0, 40)}"` };
    layers.push(l as CloudLayer);
  }
  return { ok: true, tiles, layers };
}

interface Kept {
  key: string;
  body: string;
  etag: string;
}

/** The answers, kept per query; one per `GfsClouds`. */
export class CloudsAnswers {
  private readonly kept = new Map<string, Kept>();

  async answer(req: Request, clouds: GfsClouds): Promise<Response> {
    const query = parseCloudsQuery(req.url);
    if (!query.ok) return errorJson(400, query.error);
    const view = await clouds.view(query.tiles);
    if (view.hours.length === 0) {
      return errorJson(
        503,
        `No cloud cover for these tiles yet: ${clouds.stats().lastError ?? 'GFS is being fetched'}, and no recorded copy covers them`,
      );
    }
    const queryKey = `${query.tiles.map((t) => t.key).join(',')}|${query.layers.join(',')}`;
    const key = `${queryKey}|${view.versionKey}`;
    let kept = this.kept.get(queryKey);
    if (kept?.key !== key) {
      const iso = (t: number) => new Date(t).toISOString();
      const body = JSON.stringify({
        format: 'aurora-clouds/1',
        attribution: CLOUDS_ATTRIBUTION,
        source: view.source,
        run: iso(view.run),
        ...(view.replayOf && {
          replayOf: { run: iso(view.replayOf.run), shiftMs: view.replayOf.shiftMs },
        }),
        hours: view.hours,
        complete: view.complete,
        ...(!view.complete && { retryAfter: INCOMPLETE_RETRY_S }),
        tiles: query.tiles.map((t) => ({
          key: t.key,
          layers: Object.fromEntries(
            query.layers.map((l) => [l, encodeCloudLayer(view.layer(t, l), t.rows * t.cols)]),
          ),
        })),
      });
      kept = { key, body, etag: await bodyEtag(body, 'cl') };
      this.kept.delete(queryKey);
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(queryKey, kept);
    }
    const now = clouds.now();
    // A complete answer holds until the next run is published; an incomplete one is asked again soon.
    const nextRunAt = latestRun(now) + RUN_EVERY_MS + PUBLISH_LAG_MS;
    const maxAge = view.complete ? Math.max(0, Math.floor((nextRunAt - now) / 1000)) : 0;
    const headers: Record<string, string> = {
      ...CORS_ANSWER_HEADERS,
      'cache-control': `public, max-age=${maxAge}, stale-if-error=86400`,
      'x-aurora-source': view.source,
      'x-aurora-data-time': new Date(view.run).toISOString(),
      etag: kept.etag,
    };
    if (
      isNotModified(
        { ifNoneMatch: req.headers.get('if-none-match'), ifModifiedSince: null },
        { etag: kept.etag, lastModified: 0 },
        now,
      )
    )
      return new Response(null, { status: 304, headers });
    headers['content-type'] = 'application/json; charset=utf-8';
    return new Response(req.method === 'HEAD' ? null : kept.body, { status: 200, headers });
  }
}
