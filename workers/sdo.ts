/**
 * The SDO latest-image set: one "latest" JPEG per channel, listed with the image time.
 *
 * With a backend (always, in the app): each channel is `{backendBase}/functions/v1/sdo-image/{channel}`,
 * our own origin, so the page needs no third-party image host and the service worker can keep the
 * pictures. A HEAD per channel reads the image time (`X-Aurora-Data-Time`, also `Last-Modified`)
 * and whether the backend is replaying its last kept frame; a 503 means nothing was ever kept
 * for that channel (listed with its time unknown; the page then says "No image saved yet").
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

/** The list body for the normaliser, and whether the backend answered only from kept frames. */
export interface SdoImageList {
  body: string;
  replay: boolean;
}

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

export async function fetchSdoImageList(opts: {
  fetch: FetchLike;
  backendBase?: string | null;
  timers?: Timers;
  signal?: AbortSignal;
  resolution?: 512 | 1024 | 2048 | 4096;
}): Promise<SdoImageList> {
  const timers = opts.timers ?? realTimers;
  const channels = Object.keys(SDO_CHANNELS) as SdoChannel[];
  const backendBase = opts.backendBase ?? null;
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
    body: JSON.stringify(results.map(({ channel, url, time }) => ({ channel, url, time }))),
    // Every picture with a time is a kept frame the backend is replaying: the feed says so.
    replay: withTime.length > 0 && withTime.every((r) => r.replay),
  };
}
