import { getEnv, memoByEnv } from '../_shared/env.ts';
import { CORS_HEADERS, errorJson, json, methodNotAllowed, ping, preflight, subPath } from '../_shared/http.ts';
import { createRestClient, restConfigFromEnv } from '../_shared/rest.ts';
import { writeArchive } from './archive.ts';
import { cacheControl, isNotModified } from './conditional.ts';
import { createFileReplayLoader } from './replay.ts';
import { SPACE_WEATHER_RESOURCE_NAMES, isSpaceWeatherResource, resourceSpec } from './resources.ts';
import { SpaceWeatherService, type CachedBody, type SpaceWeatherServiceOptions } from './service.ts';
import { validateWithNormalise } from './validate.ts';

export const DEFAULT_SWPC_BASE_URL = 'https://services.swpc.noaa.gov';

/** Builds a service from the environment (SWPC_BASE_URL, SUPABASE_URL + service role for the archive). */
export function createServiceFromEnv(overrides: Partial<SpaceWeatherServiceOptions> = {}): SpaceWeatherService {
  const rest = restConfigFromEnv();
  const client = rest ? createRestClient(rest) : null;
  return new SpaceWeatherService({
    baseUrl: getEnv('SWPC_BASE_URL') || DEFAULT_SWPC_BASE_URL,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    validate: validateWithNormalise,
    replay: createFileReplayLoader(),
    archive: client ? (rows) => writeArchive(client, rows) : undefined,
    ...overrides,
  });
}

/** The request handler over one service instance (the deployed function holds one per isolate). */
export function createSpaceWeatherHandler(getService: () => SpaceWeatherService): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    const [name, ...rest] = subPath(req.url, 'space-weather');
    if (!name || rest.length > 0) {
      return errorJson(404, 'Ask for /space-weather/{resource}, /space-weather/stats or /space-weather/ping', {
        resources: SPACE_WEATHER_RESOURCE_NAMES,
      });
    }
    if (name === 'ping') return ping('space-weather');
    if (name === 'stats') {
      const now = Date.now();
      return json({ serverTime: new Date(now).toISOString(), resources: getService().stats() });
    }
    if (!isSpaceWeatherResource(name)) {
      return errorJson(404, `Unknown resource "${name}"`, { resources: SPACE_WEATHER_RESOURCE_NAMES });
    }

    const service = getService();
    const served = service.cached(name) ?? (await service.get(name));
    if (!served) {
      const why = service.stats()[name].lastError ?? 'no data yet';
      return errorJson(503, `${name} is unavailable: upstream cannot be reached (${why}) and no recorded copy exists`, {
        resource: name,
      });
    }

    const { entry, source, freshForMs } = served;
    const prepared = prepare(entry);
    const headers = headersFor(prepared, entry, source, cacheControl(freshForMs, resourceSpec(name).cadenceMs));
    const conditional = { ifNoneMatch: req.headers.get('if-none-match'), ifModifiedSince: req.headers.get('if-modified-since') };
    if (isNotModified(conditional, entry)) return new Response(null, { status: 304, headers: headers.notModified });
    return new Response(req.method === 'HEAD' ? null : prepared.bytes, { status: 200, headers: headers.ok });
  };
}

interface Prepared {
  bytes: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
  /** The last answer's headers, reused while source and Cache-Control stay the same (a second at least). */
  last: { key: string; ok: Headers; notModified: Headers } | null;
}

/** What never changes for one cached body, computed once: a cached resource is the hot path. */
const preparedBodies = new WeakMap<CachedBody, Prepared>();

function prepare(entry: CachedBody): Prepared {
  let p = preparedBodies.get(entry);
  if (!p) {
    p = {
      bytes: new TextEncoder().encode(entry.body),
      headers: {
        ...CORS_HEADERS,
        etag: entry.etag,
        'last-modified': new Date(entry.lastModified).toUTCString(),
        'x-aurora-data-time': entry.dataTime === null ? 'unknown' : new Date(entry.dataTime).toISOString(),
        vary: 'Accept-Encoding',
      },
      last: null,
    };
    preparedBodies.set(entry, p);
  }
  return p;
}

/**
 * The 200 and 304 headers for one answer. A Response copies the Headers it is given, so one
 * validated Headers object serves every request until max-age ticks down or the source changes;
 * building it from a plain object each time re-validates every header.
 */
function headersFor(p: Prepared, entry: CachedBody, source: string, cacheControlValue: string): { ok: Headers; notModified: Headers } {
  const key = `${source} ${cacheControlValue}`;
  if (p.last?.key !== key) {
    const common = { ...p.headers, 'cache-control': cacheControlValue, 'x-aurora-source': source };
    p.last = { key, notModified: new Headers(common), ok: new Headers({ ...common, 'content-type': entry.contentType }) };
  }
  return p.last;
}

/** The process-wide service, created on first use so the environment is read after start-up. */
export const getDefaultSpaceWeatherService: () => SpaceWeatherService = memoByEnv(
  ['SWPC_BASE_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'],
  () => createServiceFromEnv(),
);

export default createSpaceWeatherHandler(getDefaultSpaceWeatherService);
