import { getEnv, memoByEnv } from '../_shared/env.ts';
import {
  CORS_HEADERS,
  errorJson,
  json,
  methodNotAllowed,
  ping,
  preflight,
  subPath,
} from '../_shared/http.ts';
import { cacheControl, isNotModified } from '../_shared/conditional.ts';
import {
  SDO_CHANNEL_NAMES,
  SdoImageService,
  isSdoChannel,
  type SdoImageServiceOptions,
  type ServedFrame,
} from './service.ts';
import { sdoListAnswer } from './list.ts';

const DEFAULT_SDO_BASE_URL = 'https://sdo.gsfc.nasa.gov';

/** Builds a service from the environment (SDO_BASE_URL). */
function createSdoServiceFromEnv(overrides: Partial<SdoImageServiceOptions> = {}): SdoImageService {
  return new SdoImageService({
    baseUrl: getEnv('SDO_BASE_URL') || DEFAULT_SDO_BASE_URL,
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    ...overrides,
  });
}

const USAGE = 'Ask for /sdo-image/{channel}, /sdo-image/list, /sdo-image/stats or /sdo-image/ping';

/**
 * `GET|HEAD /sdo-image/{channel}`: the channel's latest SDO picture (1024 px JPEG) from our own
 * origin, so the page needs no third-party image host and the service worker can keep it.
 * `/sdo-image/list`: every channel's time, ETag and replay flag in one answer (list.ts).
 */
export function createSdoImageHandler(
  getService: () => SdoImageService,
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    // subPath decodes each segment, so an encoded "..%2F" arrives as "../" and fails the allow-list.
    const parts = subPath(req.url, 'sdo-image');
    const name = parts[0];
    if (!name || parts.length > 1) return errorJson(404, USAGE, { channels: SDO_CHANNEL_NAMES });
    if (name === 'ping') return ping('sdo-image');
    if (name === 'list') return sdoListAnswer(getService(), req);
    if (name === 'stats')
      return json({ serverTime: new Date().toISOString(), channels: getService().stats() });
    if (!isSdoChannel(name))
      return errorJson(404, `Unknown SDO channel "${name.slice(0, 40)}"`, {
        channels: SDO_CHANNEL_NAMES,
      });

    const service = getService();
    const served = await service.get(name);
    if (!served) {
      const why = service.stats()[name].lastError ?? 'no answer yet';
      return errorJson(
        503,
        `No SDO ${name} image saved yet: the image server cannot be reached (${why}) and no earlier picture was kept`,
        {
          channel: name,
        },
      );
    }
    return answer(served, req, service.cadenceMs, service.now());
  };
}

function answer(served: ServedFrame, req: Request, cadenceMs: number, now: number): Response {
  const { frame, source, freshForMs } = served;
  const headers = new Headers(CORS_HEADERS);
  headers.set('etag', frame.etag);
  // The picture's own time when upstream said it; else when we got it (validators only).
  headers.set('last-modified', new Date(frame.imageTime ?? frame.keptAt).toUTCString());
  headers.set(
    'x-aurora-data-time',
    frame.imageTime === null ? 'unknown' : new Date(frame.imageTime).toISOString(),
  );
  headers.set('x-aurora-source', source);
  headers.set('cache-control', cacheControl(freshForMs, cadenceMs));
  headers.set('x-content-type-options', 'nosniff');
  const lastModified = frame.imageTime ?? frame.keptAt;
  if (
    isNotModified(
      {
        ifNoneMatch: req.headers.get('if-none-match'),
        ifModifiedSince: req.headers.get('if-modified-since'),
      },
      { etag: frame.etag, lastModified },
      now,
    )
  ) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', 'image/jpeg');
  headers.set('content-length', String(frame.bytes.length));
  return new Response(req.method === 'HEAD' ? null : frame.bytes, { status: 200, headers });
}

/** The process-wide service, created on first use so the environment is read after start-up. */
const getDefaultSdoImageService: () => SdoImageService = memoByEnv(['SDO_BASE_URL'], () =>
  createSdoServiceFromEnv(),
);

export default createSdoImageHandler(getDefaultSdoImageService);
