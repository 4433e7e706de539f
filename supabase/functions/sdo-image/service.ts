import { SDO_CHANNELS, type SdoChannel } from '../../../core/normalise/sdoImages.ts';
import { sourceFor } from '../../../core/products/sources.ts';
import { readBodyAtMost } from '../_shared/boundedBody.ts';
import { parseHttpDate } from '../_shared/http.ts';

/** The size the app shows (the page lays them out at 512 CSS px; 1024 stays sharp on 2× screens). */
const SDO_RESOLUTION = 1024;
/** A 1024-px SDO JPEG is 100–400 KB; anything far larger is not the picture we asked for. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** Below the clients' 10 s timeout, so a hung host still leaves time to answer from the kept frame. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;
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
  upstreamEtag: string | null;
  upstreamLastModified: string | null;
}

export interface ServedFrame {
  frame: Frame;
  /** upstream = fetched or revalidated just now; cache = within the cadence; replay = upstream failed, this is the last kept frame. */
  source: 'upstream' | 'cache' | 'replay';
  freshForMs: number;
}

export interface ChannelStats {
  upstreamFetches: number;
  upstreamNotModified: number;
  cacheHits: number;
  coalesced: number;
  rejectedBodies: number;
  replays: number;
  lastUpstreamStatus: number | 'network-error' | 'timeout' | null;
  lastError: string | null;
}

interface ChannelState {
  frame: Frame | null;
  /** Whether the last upstream attempt failed (the kept frame is then a replay). */
  failing: boolean;
  lastAttemptAt: number | null;
  inFlight: Promise<void> | null;
  stats: ChannelStats;
}

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
 * The latest SDO picture per channel, kept in memory: one upstream fetch per channel per cadence
 * however many clients ask (concurrent callers await the same fetch), a conditional fetch with
 * upstream's validators, and the last kept frame served (as a replay) while upstream fails. A body
 * that is not a JPEG never replaces a kept frame.
 */
export class SdoImageService {
  private readonly states = new Map<SdoChannel, ChannelState>();

  constructor(private readonly opts: SdoImageServiceOptions) {}

  /** The service's clock (epoch ms): what conditional requests are judged against. */
  now(): number {
    return this.opts.now();
  }

  get cadenceMs(): number {
    return this.opts.cadenceMs ?? sourceFor('sdo-images').cadenceMs;
  }

  private state(channel: SdoChannel): ChannelState {
    let st = this.states.get(channel);
    if (!st) {
      st = {
        frame: null,
        failing: false,
        lastAttemptAt: null,
        inFlight: null,
        stats: {
          upstreamFetches: 0,
          upstreamNotModified: 0,
          cacheHits: 0,
          coalesced: 0,
          rejectedBodies: 0,
          replays: 0,
          lastUpstreamStatus: null,
          lastError: null,
        },
      };
      this.states.set(channel, st);
    }
    return st;
  }

  private freshFor(st: ChannelState): number {
    if (st.lastAttemptAt === null) return 0;
    // After a failure, ask again sooner: still at most one upstream fetch a minute per channel.
    const wait = st.failing ? Math.min(this.cadenceMs, FAILURE_RETRY_MS) : this.cadenceMs;
    return Math.max(0, st.lastAttemptAt + wait - this.opts.now());
  }

  /** The frame to serve for a channel, or null when upstream failed and nothing was ever kept. */
  async get(channel: SdoChannel): Promise<ServedFrame | null> {
    const st = this.state(channel);
    let fetchedNow = false;
    if (st.inFlight) {
      st.stats.coalesced++;
      await st.inFlight;
    } else if (this.freshFor(st) === 0) {
      st.lastAttemptAt = this.opts.now();
      st.inFlight = this.refresh(channel, st).finally(() => {
        st.inFlight = null;
      });
      await st.inFlight;
      fetchedNow = true;
    } else {
      st.stats.cacheHits++;
    }
    if (!st.frame) return null;
    if (st.failing) st.stats.replays++;
    const source = st.failing ? 'replay' : fetchedNow ? 'upstream' : 'cache';
    return { frame: st.frame, source, freshForMs: this.freshFor(st) };
  }

  private async refresh(channel: SdoChannel, st: ChannelState): Promise<void> {
    const prev = st.frame;
    const headers: Record<string, string> = { accept: 'image/jpeg' };
    if (prev?.upstreamEtag) headers['if-none-match'] = prev.upstreamEtag;
    if (prev?.upstreamLastModified) headers['if-modified-since'] = prev.upstreamLastModified;
    st.stats.upstreamFetches++;
    let ok = false;
    try {
      const res = await this.opts.fetch(upstreamImageUrl(this.opts.baseUrl, channel), {
        headers,
        signal: AbortSignal.timeout(this.opts.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS),
      });
      st.stats.lastUpstreamStatus = res.status;
      if (res.status === 304 && prev) {
        st.stats.upstreamNotModified++;
        ok = true;
      } else if (res.ok) {
        ok = await this.accept(st, res);
      } else {
        await res.body?.cancel();
        st.stats.lastError = `Upstream answered ${res.status} ${res.statusText}`.trim();
      }
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      st.stats.lastUpstreamStatus = timedOut ? 'timeout' : 'network-error';
      st.stats.lastError = timedOut
        ? 'Upstream timed out'
        : `Upstream unreachable: ${e instanceof Error ? e.message : String(e)}`;
    }
    st.failing = !ok;
    if (ok) st.stats.lastError = null;
  }

  private async accept(st: ChannelState, res: Response): Promise<boolean> {
    const declared = Number(res.headers.get('content-length'));
    if (declared > MAX_FRAME_BYTES) {
      await res.body?.cancel();
      st.stats.rejectedBodies++;
      st.stats.lastError = `Rejected upstream body: ${declared} bytes is too large for an image`;
      return false;
    }
    const read = await readBodyAtMost(res, MAX_FRAME_BYTES);
    if (!read.ok) {
      st.stats.rejectedBodies++;
      st.stats.lastError = `Rejected upstream body: more than ${MAX_FRAME_BYTES} bytes is too large for an image`;
      return false;
    }
    const { bytes } = read;
    const type = res.headers.get('content-type') ?? '';
    if (!looksLikeJpeg(bytes) || (type !== '' && !/^image\/jpe?g\b/i.test(type))) {
      st.stats.rejectedBodies++;
      st.stats.lastError = `Rejected upstream body: not a JPEG (${type || 'no content type'}, ${bytes.length} bytes)`;
      return false;
    }
    const etag = await frameEtag(bytes);
    const upstreamLastModified = res.headers.get('last-modified');
    st.frame = {
      bytes,
      etag,
      imageTime: parseHttpDate(upstreamLastModified),
      keptAt: this.opts.now(),
      upstreamEtag: res.headers.get('etag'),
      upstreamLastModified,
    };
    return true;
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
      const st = this.state(channel);
      out[channel] = {
        ...st.stats,
        kept: st.frame !== null,
        imageTime: st.frame?.imageTime != null ? new Date(st.frame.imageTime).toISOString() : null,
        bytes: st.frame?.bytes.length ?? null,
        nextUpstreamInMs: this.freshFor(st),
        cadenceMs: this.cadenceMs,
      };
    }
    return out;
  }
}
