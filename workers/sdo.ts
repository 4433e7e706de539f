/**
 * The SDO latest-image set: one "latest" JPEG per channel from NASA GSFC; the image time is the
 * file's HTTP Last-Modified, read with a HEAD request. GSFC may not allow cross-origin reads, so
 * when the CORS HEAD fails we probe once with `no-cors`: an opaque answer means the server is
 * reachable (an <img> can load the picture) and the image is listed with its time unknown; only
 * when the server cannot be reached at all is the poll a failure.
 */
import { SDO_CHANNELS, sdoLatestUrl, type SdoChannel } from './normalise/sdoImages.ts';
import { ApiError, NetworkError } from './request/errors.ts';
import { requestWithRetry, type FetchLike } from './request/requestWithRetry.ts';
import { realTimers, type Timers } from './request/timers.ts';

const PROBE_TIMEOUT_MS = 10_000;

/** True when the host answered at all (an opaque no-cors response counts). */
async function reachable(fetch: FetchLike, url: string, timers: Timers): Promise<boolean> {
  const controller = new AbortController();
  const handle = timers.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch(url, { method: 'HEAD', mode: 'no-cors', signal: controller.signal, cache: 'no-store' });
    return true;
  } catch {
    return false;
  } finally {
    timers.clearTimeout(handle);
  }
}

export async function fetchSdoImageList(opts: { fetch: FetchLike; timers?: Timers; signal?: AbortSignal; resolution?: 512 | 1024 | 2048 | 4096 }): Promise<string> {
  const timers = opts.timers ?? realTimers;
  const channels = Object.keys(SDO_CHANNELS) as SdoChannel[];
  const results = await Promise.all(
    channels.map(async (channel) => {
      const url = sdoLatestUrl(channel, opts.resolution ?? 1024);
      try {
        const got = await requestWithRetry(url, { fetch: opts.fetch, method: 'HEAD', retries: 0, timers, signal: opts.signal });
        return { channel, url, time: got.headers.get('last-modified'), reached: true };
      } catch (e) {
        if (e instanceof ApiError && e.status !== 0) return { channel, url, time: null, reached: true };
        return { channel, url, time: null, reached: null as boolean | null };
      }
    }),
  );
  // One no-cors probe decides for every channel whose CORS request failed.
  if (results.some((r) => r.reached === null)) {
    const up = results.some((r) => r.reached === true) || (await reachable(opts.fetch, results[0]?.url ?? '', timers));
    for (const r of results) if (r.reached === null) r.reached = up;
  }
  if (!results.some((r) => r.reached)) throw new NetworkError('the SDO image server could not be reached');
  return JSON.stringify(results.map(({ channel, url, time }) => ({ channel, url, time })));
}
