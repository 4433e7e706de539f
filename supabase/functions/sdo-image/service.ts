import { SDO_CHANNELS, type SdoChannel } from '../../../core/normalise/sdoImages.ts';
import { sourceFor } from '../../../core/products/sources.ts';
import { parseHttpDate } from '../_shared/http.ts';
import { UpstreamCache, type ParseResult } from '../_shared/upstreamCache.ts';
import type { UpstreamBody } from '../_shared/upstreamFetch.ts';
import type { UpstreamCounters } from '../_shared/upstreamCounters.ts';

/** The size the app shows (the page lays them out at 512 CSS px; 1024 stays sharp on 2× screens). */
const SDO_RESOLUTION = 1024;
/** A 1024-px SDO JPEG is 100–400 KB; anything far larger is not the picture we asked for. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Below the clients' 10 s timeout, so a hung host still leaves time to answer from the kept frame. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;
/** A failing host is asked again after this long (or the cadence, when shorter). */
const FAILURE_RETRY_MS = 60_000;

export function isSdoChannel(name: string): name is SdoChannel {
  return Object.prototype.hasOwnProperty.call(SDO_CHANNELS, name);
}

export const SDO_CHANNEL_NAMES = Object.keys(SDO_CHANNELS) as SdoChannel[];

/** `{base}/assets/img/latest/latest_1024_{channel}.jpg`; the channel is from the allow-list only. */
function upstreamImageUrl(baseUrl: string, channel: SdoChannel): string {
  return `${baseUrl.replace(/\/+$/, '')}/assets/img/latest/latest_${SDO_RESOLUTION}_${channel}.jpg`;
}

/** One kept picture of a channel, with the validators we answer conditional requests with. */
interface Frame {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The image time: upstream's Last-Modified, epoch ms; null when upstream did not say. */
  imageTime: number | null;
  /** When we got it (epoch ms): the fallback for If-Modified-Since when the image time is unknown. */
  keptAt: number;
}

export interface ServedFrame {
  frame: Frame;
  /** upstream = fetched or revalidated just now; cache = within the cadence; replay = upstream failed, this is the last kept frame. */
  source: 'upstream' | 'cache' | 'replay';
  freshForMs: number;
}

/** The counters `/stats` reports per channel (their meaning: `_shared/upstreamCache.ts`). */
export type ChannelStats = Pick<
  UpstreamCounters,
  | 'upstreamFetches'
  | 'upstreamNotModified'
  | 'cacheHits'
  | 'coalesced'
  | 'rejectedBodies'
  | 'replays'
  | 'lastUpstreamStatus'
  | 'lastError'
>;

export interface SdoImageServiceOptions {
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** How often one channel is asked upstream at most; default the poller's sdo-images cadence. */
  cadenceMs?: number;
  upstreamTimeoutMs?: number;
}

/** The first bytes of every JPEG (SOI + a marker): an HTML error page or an empty body is not one. */
function looksLikeJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** A strong ETag over the image bytes (SHA-256), independent of upstream's own tag. */
async function frameEtag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return `"sdo-${hex}"`;
}

/**
 * The latest SDO picture per channel, kept in memory by `_shared/upstreamCache.ts`: one upstream
 * fetch per channel per cadence however many clients ask (concurrent callers await the same
 * fetch), a conditional fetch with upstream's validators, and the last kept frame served (as a
 * replay) while upstream fails. Here: what a picture must be (a JPEG of a sane size; anything else
 * never replaces a kept frame) and how soon a failing host is asked again.
 */
export class SdoImageService {
  private readonly cache: UpstreamCache<SdoChannel, Frame>;

  constructor(private readonly opts: SdoImageServiceOptions) {
    this.cache = new UpstreamCache<SdoChannel, Frame>({
      fetch: opts.fetch,
      now: opts.now,
      request: (channel) => ({
        url: upstreamImageUrl(opts.baseUrl, channel),
        headers: { accept: 'image/jpeg' },
      }),
      parse: (_channel, body) => this.accept(body),
      // After a failure, ask again sooner: still at most one upstream fetch a minute per channel.
      nextCheckAt: (_channel, { ok, startedAt }) =>
        startedAt + (ok ? this.cadenceMs : Math.min(this.cadenceMs, FAILURE_RETRY_MS)),
      timeoutMs: opts.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
      maxBodyBytes: MAX_FRAME_BYTES,
      bodyName: 'an image',
      keptBodyIsReplay: true,
    });
  }

  /** The service's clock (epoch ms): what conditional requests are judged against. */
  now(): number {
    return this.opts.now();
  }

  get cadenceMs(): number {
    return this.opts.cadenceMs ?? sourceFor('sdo-images').cadenceMs;
  }

  /** The frame to serve for a channel, or null when upstream failed and nothing was ever kept. */
  async get(channel: SdoChannel): Promise<ServedFrame | null> {
    const got = await this.cache.get(channel);
    if (got.kind !== 'served') return null;
    const { entry, source, joined, freshForMs } = got.served;
    // A caller that joined another's fetch is answered from what that fetch kept.
    return {
      frame: entry.value,
      source: source === 'upstream' && joined ? 'cache' : source,
      freshForMs,
    };
  }

  private async accept(body: UpstreamBody): Promise<ParseResult<Frame>> {
    const { bytes } = body;
    const type = body.headers.get('content-type') ?? '';
    if (!looksLikeJpeg(bytes) || (type !== '' && !/^image\/jpe?g\b/i.test(type)))
      return {
        ok: false,
        error: `not a JPEG (${type || 'no content type'}, ${bytes.length} bytes)`,
      };
    const imageTime = parseHttpDate(body.headers.get('last-modified'));
    const frame: Frame = {
      bytes,
      etag: await frameEtag(bytes),
      imageTime,
      keptAt: this.opts.now(),
    };
    return { ok: true, value: frame, dataTime: imageTime };
  }

  /** Per-channel counters and what is kept, for `sdo-image/stats`. */
  stats(): Record<
    SdoChannel,
    ChannelStats & {
      kept: boolean;
      imageTime: string | null;
      bytes: number | null;
      nextUpstreamInMs: number;
      cadenceMs: number;
    }
  > {
    const out = {} as ReturnType<SdoImageService['stats']>;
    for (const channel of SDO_CHANNEL_NAMES) {
      const c = this.cache.counters(channel);
      const frame = this.cache.entry(channel)?.value ?? null;
      out[channel] = {
        upstreamFetches: c.upstreamFetches,
        upstreamNotModified: c.upstreamNotModified,
        cacheHits: c.cacheHits,
        coalesced: c.coalesced,
        rejectedBodies: c.rejectedBodies,
        replays: c.replays,
        lastUpstreamStatus: c.lastUpstreamStatus,
        lastError: c.lastError,
        kept: frame !== null,
        imageTime: frame?.imageTime != null ? new Date(frame.imageTime).toISOString() : null,
        bytes: frame?.bytes.length ?? null,
        nextUpstreamInMs: this.cache.nextCheckInMs(channel),
        cadenceMs: this.cadenceMs,
      };
    }
    return out;
  }
}
