/**
 * The SDO latest-image set: one "latest" JPEG per channel from NASA GSFC; the image time is the
 * file's HTTP Last-Modified, read with a HEAD request. If GSFC does not allow the cross-origin
 * HEAD, the image is still listed (an <img> can load it) with its time unknown; only when every
 * request fails at the network level is the poll a failure.
 */
import { SDO_CHANNELS, sdoLatestUrl, type SdoChannel } from './normalise/sdoImages.ts';
import { ApiError, NetworkError } from './request/errors.ts';
import { requestWithRetry, type FetchLike } from './request/requestWithRetry.ts';
import type { Timers } from './request/timers.ts';

export async function fetchSdoImageList(opts: { fetch: FetchLike; timers?: Timers; signal?: AbortSignal; resolution?: 512 | 1024 | 2048 | 4096 }): Promise<string> {
  const channels = Object.keys(SDO_CHANNELS) as SdoChannel[];
  const results = await Promise.all(
    channels.map(async (channel) => {
      const url = sdoLatestUrl(channel, opts.resolution ?? 1024);
      try {
        const got = await requestWithRetry(url, { fetch: opts.fetch, method: 'HEAD', retries: 0, timers: opts.timers, signal: opts.signal });
        return { channel, url, time: got.headers.get('last-modified'), reached: true };
      } catch (e) {
        return { channel, url, time: null, reached: e instanceof ApiError && e.status !== 0 };
      }
    }),
  );
  if (!results.some((r) => r.reached)) throw new NetworkError('SDO image server could not be reached');
  return JSON.stringify(results.map(({ channel, url, time }) => ({ channel, url, time })));
}
