/**
 * `GET|HEAD /sdo-image/list`: every channel's picture time, ETag and replay flag in one answer,
 * so the poller lists the SDO set with one request instead of a HEAD per channel (eight exchanges
 * of headers every 15 minutes). It asks the service for each channel exactly as a HEAD would
 * (an upstream check when one is due), and has its own validators: the ETag is over the list's
 * body, so an unchanged set is a 304.
 */
import { CORS_HEADERS } from '../_shared/http.ts';
import { bodyEtag, cacheControl, isNotModified } from '../_shared/conditional.ts';
import { SDO_CHANNEL_NAMES, type SdoImageService } from './service.ts';

/** One channel in the list. `time` (ISO) is null when the picture's time is unknown or nothing was ever kept. */
interface SdoListItem {
  channel: string;
  time: string | null;
  /** The picture's ETag (as `/sdo-image/{channel}` answers it); null = nothing kept yet (that route answers 503). */
  etag: string | null;
  /** The kept frame is served because upstream failed. */
  replay: boolean;
}

interface SdoListAnswer {
  channels: SdoListItem[];
}

export async function sdoListAnswer(service: SdoImageService, req: Request): Promise<Response> {
  const served = await Promise.all(SDO_CHANNEL_NAMES.map((channel) => service.get(channel)));
  const answer: SdoListAnswer = {
    channels: SDO_CHANNEL_NAMES.map((channel, i) => {
      const s = served[i] ?? null;
      return {
        channel,
        time: s?.frame.imageTime == null ? null : new Date(s.frame.imageTime).toISOString(),
        etag: s?.frame.etag ?? null,
        replay: s?.source === 'replay',
      };
    }),
  };
  // Not `source: upstream|cache`: it changes at every upstream check and would break the 304.
  const body = JSON.stringify(answer);
  const etag = await bodyEtag(body);
  const freshFor = Math.min(...served.map((s) => s?.freshForMs ?? 0));
  const headers = new Headers(CORS_HEADERS);
  headers.set('etag', etag);
  headers.set('cache-control', cacheControl(freshFor, service.cadenceMs));
  headers.set('x-content-type-options', 'nosniff');
  if (
    isNotModified(
      { ifNoneMatch: req.headers.get('if-none-match'), ifModifiedSince: null },
      { etag, lastModified: 0 },
      service.now(),
    )
  )
    return new Response(null, { status: 304, headers });
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
}
