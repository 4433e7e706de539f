/**
 * Cloud cover for the user's place: one request to our backend's `weather` function (MET Norway,
 * see supabase/functions/CONTEXT.md "weather"), written as one `products` document per rounded
 * place (`weather/<lat>_<lon>`, kind `weather`) and a `feeds` row `weather`, so the map and the
 * verdict read it offline with its age. Outside the SWPC resource table on purpose: it needs a
 * place, and the request rules (timeout, retries, conditional validators) are the same code.
 */
import type { AuroraDatabase } from '../../sync/database.ts';
import type { FeedStatus, ProductKind, Resource } from '../../core/model.ts';
import { readFeedStatus, writeFeedStatus, writeProducts } from '../../sync/write.ts';
import { conditionalHeaders, readValidators } from '../request/conditional.ts';
import { toApiError } from '../request/errors.ts';
import { requestWithRetry, type FetchLike } from '../request/requestWithRetry.ts';
import type { Timers } from '../request/timers.ts';

/** The feeds row's id (not an SWPC resource: the feeds schema keeps any id string). */
export const WEATHER_FEED = 'weather' as Resource;
export const WEATHER_KIND = 'weather' as ProductKind;
const BACKEND_WEATHER_PATH = '/functions/v1/weather';

export { weatherProductId, type WeatherData } from '../../core/products/weather.ts';
import {
  weatherProductId,
  type WeatherData,
  type WeatherHours,
  type WeatherPoint,
} from '../../core/products/weather.ts';

/**
 * The place alone (`radius=0`): the map's clouds come from the regional layer (workers/clouds/),
 * so the 1° lattice around the place would only cost MET Norway nine more requests per place.
 */
function weatherUrl(backendBase: string, place: { lat: number; lon: number }): string {
  return `${backendBase.replace(/\/+$/, '')}${BACKEND_WEATHER_PATH}?lat=${place.lat.toFixed(4)}&lon=${place.lon.toFixed(4)}&radius=0`;
}

const isPercentColumn = (v: unknown, n: number): v is (number | null)[] =>
  Array.isArray(v) &&
  v.length === n &&
  v.every((x) => x === null || (typeof x === 'number' && x >= 0 && x <= 100));

function readPoint(p: unknown): WeatherPoint | null {
  if (typeof p !== 'object' || p === null) return null;
  const o = p as Record<string, unknown>;
  if (typeof o.lat !== 'number' || typeof o.lon !== 'number') return null;
  const updated = typeof o.updatedAt === 'string' ? Date.parse(o.updatedAt) : Number.NaN;
  const h = o.hours as Record<string, unknown> | null | undefined;
  let hours: WeatherHours | null = null;
  if (h && Array.isArray(h.time) && h.time.every((t) => typeof t === 'number')) {
    const n = h.time.length;
    if (
      isPercentColumn(h.total, n) &&
      isPercentColumn(h.low, n) &&
      isPercentColumn(h.medium, n) &&
      isPercentColumn(h.high, n)
    ) {
      hours = {
        time: h.time as number[],
        total: h.total,
        low: h.low,
        medium: h.medium,
        high: h.high,
      };
    }
  }
  const point: WeatherPoint = {
    lat: o.lat,
    lon: o.lon,
    updatedAt: Number.isFinite(updated) ? updated : null,
    hours,
  };
  const r = o.replayOf as Record<string, unknown> | null | undefined;
  if (r && typeof r === 'object' && typeof r.shiftMs === 'number' && Number.isFinite(r.shiftMs)) {
    const was = typeof r.updatedAt === 'string' ? Date.parse(r.updatedAt) : Number.NaN;
    point.replayOf = { updatedAt: Number.isFinite(was) ? was : null, shiftMs: r.shiftMs };
  }
  return point;
}

/** The function's JSON, checked; a changed shape is an error with the reason, never stored. */
function parseWeatherBody(
  body: string,
): { ok: true; data: WeatherData } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: 'weather: the answer is not JSON' };
  }
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || !Array.isArray(o.grid))
    return { ok: false, error: 'weather: no grid in the answer' };
  const place = readPoint(o.place);
  if (!place?.hours) return { ok: false, error: 'weather: no hourly cloud cover for the place' };
  const grid = o.grid.map(readPoint).filter((p): p is WeatherPoint => p !== null);
  return {
    ok: true,
    data: {
      attribution:
        typeof o.attribution === 'string' ? o.attribution : 'Data from MET Norway (CC BY 4.0)',
      place,
      grid,
    },
  };
}

export interface WeatherPollDeps {
  fetch: FetchLike;
  backendBase: string;
  db: AuroraDatabase;
  now: () => number;
  timers?: Timers;
  signal?: AbortSignal;
}

function emptyStatus(): FeedStatus {
  return {
    id: WEATHER_FEED,
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

/** One poll for one place: fetch → check → write the product and the feed row. Bad input keeps the old document. */
export async function pollWeather(
  place: { lat: number; lon: number },
  deps: WeatherPollDeps,
): Promise<{ outcome: 'updated' | 'unchanged' | 'failed'; error: string | null }> {
  const prev = (await readFeedStatus(deps.db, WEATHER_FEED)) ?? emptyStatus();
  const id = weatherProductId(place);
  const samePlace = prev.error === null && (await deps.db.products.findOne(id).exec()) !== null;
  const fail = async (error: string) => {
    await writeFeedStatus(deps.db, { ...prev, lastAttempt: deps.now(), error, state: 'error' });
    return { outcome: 'failed' as const, error };
  };
  let got;
  try {
    got = await requestWithRetry(weatherUrl(deps.backendBase, place), {
      fetch: deps.fetch,
      // Validators only for the place they came from.
      headers: samePlace ? conditionalHeaders(prev) : {},
      timers: deps.timers,
      signal: deps.signal,
    });
  } catch (e) {
    return fail(`weather: ${toApiError(e).message}`);
  }
  const at = deps.now();
  if (got.status === 304 || got.body === null) {
    await writeFeedStatus(deps.db, {
      ...prev,
      lastAttempt: at,
      lastSuccess: at,
      error: null,
      state: 'fresh',
    });
    return { outcome: 'unchanged', error: null };
  }
  const parsed = parseWeatherBody(got.body);
  if (!parsed.ok) return fail(parsed.error);
  const { data } = parsed;
  const dataTime = data.place.updatedAt;
  try {
    await writeProducts(
      deps.db,
      [{ id, kind: WEATHER_KIND, issued: dataTime ?? at, data, raw: null }],
      { fetchedAt: at },
    );
  } catch (e) {
    return fail(
      `weather: could not store the data (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  const v = readValidators(got.headers);
  await writeFeedStatus(deps.db, {
    ...prev,
    lastAttempt: at,
    lastSuccess: at,
    dataTime,
    etag: v.etag,
    lastModified: v.lastModified,
    error: null,
    state: 'fresh',
    replay: got.headers.get('x-aurora-source') === 'replay',
  });
  return { outcome: 'updated', error: null };
}
