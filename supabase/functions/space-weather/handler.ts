import { getEnv, memoByEnv } from '../_shared/env.ts';
import {
  CORS_ANSWER_HEADERS,
  errorJson,
  json,
  methodNotAllowed,
  ping,
  preflight,
  subPath,
} from '../_shared/http.ts';
import { createRestClient, restConfigFromEnv, type RestClient } from '../_shared/rest.ts';
import { historyAnswer, readHistoryQuery } from './history.ts';
import { writeArchive } from './archive.ts';
import { cacheControl, isNotModified } from '../_shared/conditional.ts';
import { createFileReplayLoader } from './replay.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  isSpaceWeatherResource,
  readQuery,
  resourceSpec,
  type SpaceWeatherQuery,
  type SpaceWeatherResource,
} from './resources.ts';
import {
  COMPACT_FORM_HEADER,
  compactNotModified,
  compactRepresentation,
  type CompactRepresentation,
} from './compactAnswer.ts';
import {
  DEFAULT_GFZ_BASE_URL,
  SpaceWeatherService,
  type CachedBody,
  type Served,
  type SpaceWeatherServiceOptions,
} from './service.ts';
import { validateWithNormalise } from './validate.ts';
import { multiAnswer, readMultiQuery } from './multiAnswer.ts';

const DEFAULT_SWPC_BASE_URL = 'https://services.swpc.noaa.gov';

/** Builds a service from the environment (SWPC_BASE_URL, GFZ_BASE_URL, SUPABASE_URL + service role for the archive). */
export function createServiceFromEnv(
  overrides: Partial<SpaceWeatherServiceOptions> = {},
): SpaceWeatherService {
  const rest = restConfigFromEnv();
  const client = rest ? createRestClient(rest) : null;
  return new SpaceWeatherService({
    baseUrl: getEnv('SWPC_BASE_URL') || DEFAULT_SWPC_BASE_URL,
    gfzBaseUrl: getEnv('GFZ_BASE_URL') || DEFAULT_GFZ_BASE_URL,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
    archive: client ? (rows) => writeArchive(client, rows) : undefined,
    ...overrides,
  });
}

/** The archive's reader (service role, from the environment); null when none is configured. */
const getDefaultArchive: () => RestClient | null = memoByEnv(
  ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'],
  () => {
    const config = restConfigFromEnv();
    return config ? createRestClient(config) : null;
  },
);

/** `history/{resource}` (history.ts): a page of what the archive holds, newest first. */
async function answerHistory(
  req: Request,
  name: string | undefined,
  archive: RestClient | null,
): Promise<Response> {
  const query = readHistoryQuery(name ?? '', req.url);
  if ('error' in query) return errorJson(400, query.error);
  if (!archive) return errorJson(503, 'No archive is configured for this function');
  try {
    const answer = await historyAnswer(archive, query);
    return new Response(req.method === 'HEAD' ? null : answer.body, {
      headers: {
        ...CORS_ANSWER_HEADERS,
        'content-type': 'application/json',
        // Pages move as the archive grows; a minute keeps a CDN useful to clients asking together.
        'cache-control': 'public, max-age=60',
        vary: 'Accept-Encoding',
        ...(answer.form === 'rows' ? { [COMPACT_FORM_HEADER]: 'rows' } : {}),
      },
    });
  } catch (e) {
    return errorJson(
      503,
      `The archive cannot be read: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/** The request handler over one service instance (the deployed function holds one per isolate). */
export function createSpaceWeatherHandler(
  getService: () => SpaceWeatherService,
  getArchive: () => RestClient | null = getDefaultArchive,
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    const [name, ...rest] = subPath(req.url, 'space-weather');
    if (name === 'history' && rest.length <= 1) return answerHistory(req, rest[0], getArchive());
    if (!name || rest.length > 0) {
      return errorJson(
        404,
        'Ask for /space-weather/{resource}, /space-weather/history/{resource}, /space-weather/stats or /space-weather/ping',
        {
          resources: SPACE_WEATHER_RESOURCE_NAMES,
        },
      );
    }
    if (name === 'ping') return ping('space-weather');
    if (name === 'stats') {
      const now = Date.now();
      return json({ serverTime: new Date(now).toISOString(), resources: getService().stats() });
    }
    if (name === 'multi') {
      const wanted = readMultiQuery(req.url);
      if ('error' in wanted) return errorJson(400, wanted.error);
      const answer = await multiAnswer(wanted, getService(), {
        ...CORS_ANSWER_HEADERS,
        vary: 'Accept-Encoding',
      });
      return new Response(req.method === 'HEAD' ? null : answer.body, { headers: answer.headers });
    }
    if (!isSpaceWeatherResource(name)) {
      return errorJson(404, `Unknown resource "${name}"`, {
        resources: SPACE_WEATHER_RESOURCE_NAMES,
      });
    }

    const query = readQuery(req.url, name);
    if ('error' in query) return errorJson(400, query.error, { resource: name });
    const service = getService();
    const served = service.cached(name) ?? (await service.get(name));
    if (!served) {
      const why = service.stats()[name].lastError ?? 'no data yet';
      return errorJson(
        503,
        `${name} is unavailable: upstream cannot be reached (${why}) and no recorded copy exists`,
        {
          resource: name,
        },
      );
    }
    const answer = answerServed(
      name,
      served,
      query,
      req.method,
      req.headers.get('if-none-match'),
      req.headers.get('if-modified-since'),
      service.now(),
    );
    return new Response(answer.body, { status: answer.status, headers: answer.headers.web });
  };
}

/** The facts of a request a cached answer depends on (a Web Request, or the local gateway's Node request). */
export interface RequestFacts {
  method: string;
  /** Full URL, as the handler sees it. */
  url: string;
  /** A request header by lower-case name, or null. */
  header(name: string): string | null;
}

/** A complete answer as plain data: what the Response would carry, without building one. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: { web: Headers; plain: Readonly<Record<string, string>> };
  body: Uint8Array<ArrayBuffer> | null;
}

/**
 * The answer to a GET or HEAD of a resource whose cached body is fresh (no upstream check due,
 * none in flight), or null when the full handler must run. Synchronous and Response-free: the
 * local gateway calls it straight from its Node request on the hot path, where building a Web
 * Request and Response costs more than the rest of the work; the handler answers through
 * `answerServed` too, so both give the same status, headers and body, and count the same stats.
 */
export function createCachedAnswer(
  getService: () => SpaceWeatherService,
): (req: RequestFacts) => CachedAnswer | null {
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const parts = subPath(req.url, 'space-weather');
    const name = parts[0];
    if (parts.length !== 1 || !name || !isSpaceWeatherResource(name)) return null;
    const query = readQuery(req.url, name);
    if ('error' in query) return null;
    const service = getService();
    const served = service.cached(name);
    return (
      served &&
      answerServed(
        name,
        served,
        query,
        req.method,
        req.header('if-none-match'),
        req.header('if-modified-since'),
        service.now(),
      )
    );
  };
}

/**
 * Status, headers and body for a body the service chose to serve, in the form asked for: 304 on a
 * matching validator. A compact request of a body that has no compact form (a recording that did
 * not validate) gets the agency's form, without `x-aurora-form`, and the worker reads it as such.
 */
function answerServed(
  name: SpaceWeatherResource,
  served: Served,
  query: SpaceWeatherQuery,
  method: string,
  ifNoneMatch: string | null,
  ifModifiedSince: string | null,
  now: number,
): CachedAnswer {
  const { entry, source, freshForMs } = served;
  const compact = query.compact && compactRepresentation(entry, query.compact.since);
  if (compact) {
    const prepared = prepareCompact(entry, compact);
    const headers = headersFor(
      prepared,
      source,
      cacheControl(freshForMs, resourceSpec(name).cadenceMs),
    );
    if (compactNotModified({ ifNoneMatch, ifModifiedSince }, compact, entry.lastModified, now))
      return { status: 304, headers: headers.notModified, body: null };
    return { status: 200, headers: headers.ok, body: method === 'HEAD' ? null : prepared.bytes };
  }
  const prepared = prepare(entry);
  const headers = headersFor(
    prepared,
    source,
    cacheControl(freshForMs, resourceSpec(name).cadenceMs),
  );
  if (isNotModified({ ifNoneMatch, ifModifiedSince }, entry, now))
    return { status: 304, headers: headers.notModified, body: null };
  return { status: 200, headers: headers.ok, body: method === 'HEAD' ? null : prepared.bytes };
}

type AnswerHeaders = CachedAnswer['headers'];

interface Prepared {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  headers: Record<string, string>;
  /** The last answer's headers, reused while source and Cache-Control stay the same (a second at least). */
  last: { key: string; ok: AnswerHeaders; notModified: AnswerHeaders } | null;
}

/** What never changes for one cached body, computed once: a cached resource is the hot path. */
const preparedBodies = new WeakMap<CachedBody, Prepared>();

function prepare(entry: CachedBody): Prepared {
  let p = preparedBodies.get(entry);
  if (!p) {
    p = {
      bytes: new TextEncoder().encode(entry.body),
      contentType: entry.contentType,
      headers: baseHeaders(entry, entry.etag),
      last: null,
    };
    preparedBodies.set(entry, p);
  }
  return p;
}

function baseHeaders(entry: CachedBody, etag: string): Record<string, string> {
  return {
    ...CORS_ANSWER_HEADERS,
    etag,
    'last-modified': new Date(entry.lastModified).toUTCString(),
    'x-aurora-data-time':
      entry.dataTime === null ? 'unknown' : new Date(entry.dataTime).toISOString(),
    vary: 'Accept-Encoding',
  };
}

/** The same for a compact representation (itself made once per version and `since`). */
const preparedCompact = new WeakMap<CompactRepresentation, Prepared>();

function prepareCompact(entry: CachedBody, rep: CompactRepresentation): Prepared {
  let p = preparedCompact.get(rep);
  if (!p) {
    p = {
      bytes: rep.bytes,
      contentType: 'application/json',
      headers: { ...baseHeaders(entry, rep.etag), [COMPACT_FORM_HEADER]: rep.form },
      last: null,
    };
    preparedCompact.set(rep, p);
  }
  return p;
}

/**
 * The 200 and 304 headers for one answer. A Response copies the Headers it is given, so one
 * validated Headers object serves every request until max-age ticks down or the source changes;
 * building it from a plain object each time re-validates every header.
 */
function headersFor(
  p: Prepared,
  source: string,
  cacheControlValue: string,
): { ok: AnswerHeaders; notModified: AnswerHeaders } {
  const key = `${source} ${cacheControlValue}`;
  if (p.last?.key !== key) {
    const common = Object.freeze({
      ...p.headers,
      'cache-control': cacheControlValue,
      'x-aurora-source': source,
    });
    const ok = Object.freeze({ ...common, 'content-type': p.contentType });
    p.last = {
      key,
      notModified: { web: new Headers(common), plain: common },
      ok: { web: new Headers(ok), plain: ok },
    };
  }
  return p.last;
}

/** The process-wide service, created on first use so the environment is read after start-up. */
export const getDefaultSpaceWeatherService: () => SpaceWeatherService = memoByEnv(
  ['SWPC_BASE_URL', 'GFZ_BASE_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'],
  () => createServiceFromEnv(),
);

export default createSpaceWeatherHandler(getDefaultSpaceWeatherService);

/** Read by the local gateway only (server/functions.ts); Supabase's runtime uses the default export. */
export const cachedAnswer = createCachedAnswer(getDefaultSpaceWeatherService);
