import { getEnv, memoByEnv } from '../_shared/env.ts';
import { isNotModified } from '../_shared/conditional.ts';
import {
  CORS_ANSWER_HEADERS,
  errorJson,
  json,
  methodNotAllowed,
  preflight,
  subPath,
} from '../_shared/http.ts';
import { WeatherAnswers } from './answer.ts';
import { parseWeatherQuery, type Point } from './coordinates.ts';
import type { CloudHours } from './parseLocationforecast.ts';
import { createFileReplayLoader } from './replay.ts';
import {
  WeatherService,
  type PointOutcome,
  type ServedForecast,
  type WeatherServiceOptions,
} from './service.ts';
import { MET_NORWAY_BUDGET, UpstreamBudget } from './upstreamBudget.ts';
import { CloudsAnswers } from './gfs/cloudsAnswer.ts';
import { GfsClouds } from './gfs/gfsClouds.ts';
import { NOMADS_BUDGET } from './gfs/gfsRequest.ts';
import { readGfsReplay } from './gfs/replay.ts';

const DEFAULT_WEATHER_BASE_URL = 'https://api.met.no';
/** NOAA's NOMADS, where the regional cloud layer's GFS fields come from (gfs/gfsRequest.ts). */
const DEFAULT_GFS_BASE_URL = 'https://nomads.ncep.noaa.gov';
/** MET Norway's licence (CC BY 4.0) asks every use to credit it. */
export const ATTRIBUTION = 'Data from MET Norway (CC BY 4.0)';

/**
 * MET Norway refuses anonymous clients: the User-Agent names the app and a way to reach its
 * operator. WEATHER_USER_AGENT sets it; otherwise the site's URL (SITE_URL) is the contact.
 */
function userAgentFromEnv(): string {
  const explicit = getEnv('WEATHER_USER_AGENT');
  if (explicit) return explicit;
  const site = getEnv('SITE_URL') || getEnv('SUPABASE_URL');
  return site ? `aurora-pwa/0.1 (+${site})` : 'aurora-pwa/0.1';
}

/**
 * One budget of MET Norway requests for the whole process (per isolate on Deno), shared by every
 * service the environment makes: its terms count requests per application, not per caller.
 */
const metNorwayBudget = new UpstreamBudget(MET_NORWAY_BUDGET, () => Date.now());

/** One budget of NOMADS requests for the whole process, for every band of the cloud layer. */
const nomadsBudget = new UpstreamBudget(NOMADS_BUDGET, () => Date.now());

function createGfsCloudsFromEnv(): GfsClouds {
  return new GfsClouds({
    baseUrl: getEnv('GFS_BASE_URL') || DEFAULT_GFS_BASE_URL,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    userAgent: userAgentFromEnv(),
    budget: nomadsBudget,
    replay: readGfsReplay,
  });
}

/** How long the place's fetch may wait in the budget's line: well inside the clients' own 10 s timeout. */
const PLACE_WAIT_MS = 2_000;
/**
 * Grid points wait less: they are extras (answered from what is kept, or marked busy, when the
 * line is longer), so a request's fan-out joins the line only while it is short and never crowds
 * out the places of other callers. A second of refill covers one 5×5 grid.
 */
const GRID_WAIT_MS = 1_000;

function createWeatherServiceFromEnv(
  overrides: Partial<WeatherServiceOptions> = {},
): WeatherService {
  return new WeatherService({
    baseUrl: getEnv('WEATHER_BASE_URL') || DEFAULT_WEATHER_BASE_URL,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    userAgent: userAgentFromEnv(),
    replay: createFileReplayLoader(),
    budget: metNorwayBudget,
    ...overrides,
  });
}

export interface PointAnswer {
  lat: number;
  lon: number;
  /**
   * Where the forecast came from. Not `cache`: whether this request found it in memory is the
   * `X-Aurora-Source` header's business; in the body it would change the bytes (and the ETag) of
   * an unchanged forecast.
   */
  source: 'upstream' | 'replay' | null;
  /** The model run's time (ISO 8601), null when unknown. */
  updatedAt: string | null;
  hours: CloudHours | null;
  /**
   * Only on a replay: its times were moved to the present (weather/replay.ts); `updatedAt` here is
   * the copy's own model run (ISO) and `shiftMs` how far every time above was moved.
   */
  replayOf?: { updatedAt: string | null; shiftMs: number };
  /** Why a point has no forecast (upstream failing and no recording for it). */
  error?: string;
}

function answerPoint(p: Point, outcome: PointOutcome | undefined): PointAnswer {
  const served = outcome?.kind === 'served' ? outcome.served : null;
  if (!served)
    return {
      lat: p.lat,
      lon: p.lon,
      source: null,
      updatedAt: null,
      hours: null,
      error:
        outcome?.kind === 'busy'
          ? 'MET Norway request budget in use: asked again later'
          : 'upstream unreachable and no recorded copy for this point',
    };
  const { forecast } = served.entry;
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    lat: p.lat,
    lon: p.lon,
    source: served.source === 'replay' ? 'replay' : 'upstream',
    updatedAt: iso(forecast.updatedAt),
    hours: forecast.hours,
    ...(served.replayOf && {
      replayOf: { updatedAt: iso(served.replayOf.updatedAt), shiftMs: served.replayOf.shiftMs },
    }),
  };
}

/**
 * `GET /weather?lat=…&lon=…[&radius=0|1|2]`: hourly cloud cover (total, low, medium, high, %) for
 * the place (rounded to 0.1°) and a regional grid on a 1° lattice around it, as columns.
 * `GET /weather/stats`: the upstream counters. An unchanged answer is a 304 on a matching
 * If-None-Match (or, without one, an If-Modified-Since not older than its Last-Modified).
 */
export function createWeatherHandler(
  getService: () => WeatherService,
  getClouds?: () => GfsClouds,
): (req: Request) => Promise<Response> {
  // Per service: the gateway builds a new one when the environment changes (memoByEnv).
  const answersByService = new WeakMap<WeatherService, WeatherAnswers>();
  const cloudAnswers = new WeakMap<GfsClouds, CloudsAnswers>();
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    const rest = subPath(req.url, 'weather');
    if (rest.length === 1 && rest[0] === 'stats')
      return json({ ...getService().stats(), ...(getClouds && { clouds: getClouds().stats() }) });
    if (rest.length === 1 && rest[0] === 'clouds' && getClouds) {
      const clouds = getClouds();
      let answers = cloudAnswers.get(clouds);
      if (!answers) cloudAnswers.set(clouds, (answers = new CloudsAnswers()));
      return answers.answer(req, clouds);
    }
    if (rest.length > 0)
      return errorJson(
        404,
        'Ask for /weather?lat=…&lon=…, /weather/clouds?tiles=… or /weather/stats',
      );
    const query = parseWeatherQuery(req.url);
    if (!query.ok) return errorJson(400, query.error);
    const service = getService();
    let answers = answersByService.get(service);
    if (!answers) answersByService.set(service, (answers = new WeatherAnswers()));
    const outcomes = new Map<string, Promise<PointOutcome>>();
    // The place first in the budget's line, then the grid behind it.
    outcomes.set(query.place.key, service.get(query.place, { maxWaitMs: PLACE_WAIT_MS }));
    for (const p of query.grid)
      if (!outcomes.has(p.key)) outcomes.set(p.key, service.get(p, { maxWaitMs: GRID_WAIT_MS }));
    const got = new Map<string, PointOutcome>();
    await Promise.all([...outcomes].map(async ([k, o]) => got.set(k, await o)));
    const placeOutcome = got.get(query.place.key)!;
    if (placeOutcome.kind === 'busy') {
      const seconds = Math.max(1, Math.ceil(placeOutcome.retryAfterMs / 1000));
      return json(
        {
          error: `Too many cloud forecasts asked of MET Norway at once (its limit is 20 requests a second): try again in ${seconds} s`,
        },
        { status: 503, headers: { 'retry-after': String(seconds) } },
      );
    }
    const place = placeOutcome.kind === 'served' ? placeOutcome.served : null;
    if (!place) {
      return errorJson(
        503,
        `No cloud forecast for ${query.place.lat}, ${query.place.lon}: ${service.stats().lastError ?? 'upstream unreachable'}, and no recorded copy for this point`,
      );
    }
    const served = new Map<string, ServedForecast | null>();
    for (const [k, o] of got) served.set(k, o.kind === 'served' ? o.served : null);
    const now = service.now();
    const expiries = [...served.values()]
      .filter((s) => s?.entry.origin === 'upstream')
      .map((s) => s!.entry.expiresAt - now);
    const maxAge = expiries.length ? Math.max(0, Math.floor(Math.min(...expiries) / 1000)) : 0;
    const points = [query.place, ...query.grid];
    const answer = await answers.get(
      points.map((p) => p.key).join(' '),
      points.map((p) => served.get(p.key) ?? null),
      () => ({
        attribution: ATTRIBUTION,
        place: answerPoint(query.place, placeOutcome),
        grid: query.grid.map((p) => answerPoint(p, got.get(p.key))),
      }),
      now,
    );
    const headers: Record<string, string> = {
      ...CORS_ANSWER_HEADERS,
      'cache-control': `public, max-age=${maxAge}, stale-if-error=86400`,
      'x-aurora-source': place.source,
      'x-aurora-data-time':
        place.entry.forecast.updatedAt === null
          ? 'unknown'
          : new Date(place.entry.forecast.updatedAt).toISOString(),
      etag: answer.etag,
    };
    if (answer.lastModified !== null)
      headers['last-modified'] = new Date(answer.lastModified).toUTCString();
    const ifNoneMatch = req.headers.get('if-none-match');
    const notModified = isNotModified(
      {
        ifNoneMatch,
        ifModifiedSince: answer.lastModified === null ? null : req.headers.get('if-modified-since'),
      },
      { etag: answer.etag, lastModified: answer.lastModified ?? 0 },
      now,
    );
    if (notModified) return new Response(null, { status: 304, headers });
    headers['content-type'] = 'application/json; charset=utf-8';
    return new Response(req.method === 'HEAD' ? null : answer.body, { status: 200, headers });
  };
}

const getDefaultWeatherService: () => WeatherService = memoByEnv(
  ['WEATHER_BASE_URL', 'WEATHER_USER_AGENT', 'SITE_URL'],
  () => createWeatherServiceFromEnv(),
);

const getDefaultGfsClouds: () => GfsClouds = memoByEnv(
  ['GFS_BASE_URL', 'WEATHER_USER_AGENT', 'SITE_URL'],
  () => createGfsCloudsFromEnv(),
);

export default createWeatherHandler(getDefaultWeatherService, getDefaultGfsClouds);
