/**
 * The SDO latest-image set: one "latest" JPEG per channel, listed with the image time.
 *
 * With a backend (always, in the app): each channel is `{backendBase}/functions/v1/sdo-image/{channel}`,
 * our own origin, so the page needs no third-party image host and the service worker can keep the
 * pictures. One GET of `/sdo-image/list` gives every channel's time and replay flag (304 when the
 * ETag we hold still matches). An older backend without the list (404) is asked with a HEAD per
 * channel: the image time (`X-Aurora-Data-Time`, also `Last-Modified`) and whether it is replaying
 * its last kept frame; a 503 means nothing was ever kept for that channel (listed with its time
 * unknown; the page then says "No image saved yet").
 *
 * Without a backend (`backendBase` null: tests, tools): NASA GSFC directly, the time from each
 * file's Last-Modified. GSFC may not allow cross-origin reads, so when the CORS HEAD fails we probe
 * once with `no-cors`: an opaque answer means the server is reachable.
 */
import { SDO_CHANNELS, sdoLatestUrl, type SdoChannel } from '../core/normalise/sdoImages.ts';
import { ApiError, NetworkError } from './request/errors.ts';
import { requestWithRetry, type FetchLike } from './request/requestWithRetry.ts';
import { realTimers, type Timers } from './request/timers.ts';

const PROBE_TIMEOUT_MS = 10_000;
/** The backend's SDO image route (supabase/functions/sdo-image), under the configurable base URL. */
const BACKEND_SDO_IMAGE_PATH = '/functions/v1/sdo-image/';

function sdoBackendUrl(backendBase: string, channel: SdoChannel): string {
  return `${backendBase.replace(/\/+$/, '')}${BACKEND_SDO_IMAGE_PATH}${channel}`;
}

/**
 * The list body for the normaliser, whether the backend answered only from kept frames, and the
 * list's ETag (our backend's `/sdo-image/list`; null from the HEADs) — or `not-modified` when the
 * list answered 304 to the ETag we hold.
 */
export type SdoImageList =
  { kind: 'body'; body: string; replay: boolean; etag: string | null } | { kind: 'not-modified' };

interface Listed {
  channel: SdoChannel;
  url: string;
  time: string | null;
  reached: boolean | null;
  replay: boolean;
}

/** True when the host answered at all (an opaque no-cors response counts). */
async function reachable(fetch: FetchLike, url: string, timers: Timers): Promise<boolean> {
  const controller = new AbortController();
  const handle = timers.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      signal: controller.signal,
      cache: 'no-store',
    });
    return true;
  } catch {
    return false;
  } finally {
    timers.clearTimeout(handle);
  }
}

async function head(
  channel: SdoChannel,
  url: string,
  opts: { fetch: FetchLike; timers: Timers; signal?: AbortSignal },
  fromBackend: boolean,
): Promise<Listed> {
  try {
    const got = await requestWithRetry(url, {
      fetch: opts.fetch,
      method: 'HEAD',
      retries: 0,
      timers: opts.timers,
      signal: opts.signal,
    });
    // Our backend says when the picture's own time is unknown (its Last-Modified is then only a validator).
    const known = !fromBackend || got.headers.get('x-aurora-data-time') !== 'unknown';
    const replay = fromBackend && got.headers.get('x-aurora-source') === 'replay';
    return {
      channel,
      url,
      time: known ? got.headers.get('last-modified') : null,
      reached: true,
      replay,
    };
  } catch (e) {
    if (e instanceof ApiError && e.status !== 0)
      return { channel, url, time: null, reached: true, replay: false };
    return { channel, url, time: null, reached: null, replay: false };
  }
}

/** What our backend's `/sdo-image/list` says of one channel (supabase/functions/sdo-image/list.ts). */
interface ListedByBackend {
  channel: SdoChannel;
  time: string | null;
  replay: boolean;
}

/** The list answer's channels, checked: a changed shape is an error, never a half-read list. */
function readBackendList(body: string): ListedByBackend[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ApiError('sdo-images: the backend list is not JSON', 200);
  }
  const channels = (parsed as { channels?: unknown } | null)?.channels;
  if (!Array.isArray(channels))
    throw new ApiError('sdo-images: the backend list has no channels', 200);
  return channels.map((c: unknown) => {
    const item = c as Record<string, unknown> | null;
    if (
      !item ||
      typeof item.channel !== 'string' ||
      !Object.prototype.hasOwnProperty.call(SDO_CHANNELS, item.channel) ||
      !(item.time === null || typeof item.time === 'string') ||
      typeof item.replay !== 'boolean'
    )
      throw new ApiError('sdo-images: the backend list has a malformed channel', 200);
    return { channel: item.channel as SdoChannel, time: item.time, replay: item.replay };
  });
}

/**
 * One request for the whole set: `{backendBase}/functions/v1/sdo-image/list`, conditional on the
 * ETag held. Null when the backend has no list (404: an older backend), so the caller asks with
 * a HEAD per channel as before.
 */
async function fromBackendList(
  backendBase: string,
  opts: { fetch: FetchLike; timers: Timers; signal?: AbortSignal; etag?: string | null },
): Promise<SdoImageList | null> {
  let got;
  try {
    got = await requestWithRetry(
      `${backendBase.replace(/\/+$/, '')}${BACKEND_SDO_IMAGE_PATH}list`,
      {
        fetch: opts.fetch,
        headers: opts.etag ? { 'If-None-Match': opts.etag } : undefined,
        timers: opts.timers,
        signal: opts.signal,
      },
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
  if (got.status === 304 || got.body === null) return { kind: 'not-modified' };
  const listed = readBackendList(got.body);
  const withTime = listed.filter((l) => l.time !== null);
  return {
    kind: 'body',
    body: JSON.stringify(
      listed.map(({ channel, time }) => ({
        channel,
        url: sdoBackendUrl(backendBase, channel),
        time,
      })),
    ),
    replay: withTime.length > 0 && withTime.every((l) => l.replay),
    etag: got.headers.get('etag'),
  };
}

export async function fetchSdoImageList(opts: {
  fetch: FetchLike;
  backendBase?: string | null;
  timers?: Timers;
  signal?: AbortSignal;
  resolution?: 512 | 1024 | 2048 | 4096;
  /** The ETag of the list we hold (from `/sdo-image/list`), for a 304 when nothing changed. */
  etag?: string | null;
}): Promise<SdoImageList> {
  const timers = opts.timers ?? realTimers;
  const channels = Object.keys(SDO_CHANNELS) as SdoChannel[];
  const backendBase = opts.backendBase ?? null;
  if (backendBase) {
    const listed = await fromBackendList(backendBase, { ...opts, timers });
    if (listed) return listed;
  }
  const results = await Promise.all(
    channels.map((channel) =>
      backendBase
        ? head(channel, sdoBackendUrl(backendBase, channel), { ...opts, timers }, true)
        : head(channel, sdoLatestUrl(channel, opts.resolution ?? 1024), { ...opts, timers }, false),
    ),
  );
  if (backendBase) {
    if (!results.some((r) => r.reached))
      throw new NetworkError('the backend could not be reached for the SDO images');
  } else if (results.some((r) => r.reached === null)) {
    // One no-cors probe decides for every channel whose CORS request failed.
    const up =
      results.some((r) => r.reached === true) ||
      (await reachable(opts.fetch, results[0]?.url ?? '', timers));
    for (const r of results) if (r.reached === null) r.reached = up;
  }
  if (!results.some((r) => r.reached))
    throw new NetworkError('the SDO image server could not be reached');
  const withTime = results.filter((r) => r.time !== null);
  return {
    kind: 'body',
    etag: null,
    body: JSON.stringify(results.map(({ channel, url, time }) => ({ channel, url, time }))),
    // Every picture with a time is a kept frame the backend is replaying: the feed says so.
    replay: withTime.length > 0 && withTime.every((r) => r.replay),
  };
}
