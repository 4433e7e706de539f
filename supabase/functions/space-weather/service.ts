import type { CompactContent } from '../../../core/compact/compactForm.ts';
import { archiveRows, samplesAfter, type ArchiveBatch } from './archive.ts';
import { bodyEtag } from '../_shared/conditional.ts';
import { replayDataTime, type ReplayLoader } from './replay.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  resourceSpec,
  type SpaceWeatherResource,
} from './resources.ts';
import type { Validator } from './validate.ts';
import { parseHttpDate } from '../_shared/http.ts';
import { UpstreamCache, type CacheEntry, type ParseResult } from '../_shared/upstreamCache.ts';
import type { UpstreamBody } from '../_shared/upstreamFetch.ts';
import type { UpstreamCounters } from '../_shared/upstreamCounters.ts';

/** A body we can serve, with the validators we answer conditional requests with. */
export interface CachedBody {
  body: string;
  contentType: string;
  etag: string;
  /** Epoch ms; upstream's Last-Modified, else the data time, else the time we got it. */
  lastModified: number;
  dataTime: number | null;
  origin: 'upstream' | 'replay';
  /** The body normalised (it was checked with the normaliser anyway): what compact answers encode. */
  content: CompactContent | null;
}

export interface Served {
  entry: CachedBody;
  /** upstream = this request's body was (re)validated with upstream just now. */
  source: 'upstream' | 'cache' | 'replay';
  /** How long until we next ask upstream (drives Cache-Control max-age). */
  freshForMs: number;
}

/** The counters `/stats` reports per resource (their meaning: `_shared/upstreamCache.ts`). */
type ResourceStats = Pick<
  UpstreamCounters,
  | 'upstreamFetches'
  | 'cacheHits'
  | 'coalesced'
  | 'servedStale'
  | 'upstreamNotModified'
  | 'rejectedBodies'
  | 'replays'
  | 'lastUpstreamStatus'
  | 'lastUpstreamAt'
  | 'lastError'
> & { lastArchiveError: string | null };

export interface SpaceWeatherServiceOptions {
  /** SWPC's base URL. */
  baseUrl: string;
  /** GFZ Potsdam's Kp service (`kp-gfz`); default https://kp.gfz-potsdam.de. */
  gfzBaseUrl?: string;
  fetch: typeof fetch;
  now: () => number;
  validate: Validator;
  replay: ReplayLoader;
  /** Best effort: called without awaiting; failures land in stats. */
  archive?: (batch: ArchiveBatch) => Promise<unknown>;
  upstreamTimeoutMs?: number;
  /** How long a request waits on a slow revalidation before it gets the body we already have. */
  staleWaitMs?: number;
}

export const DEFAULT_GFZ_BASE_URL = 'https://kp.gfz-potsdam.de';

/** Below the clients' own 10 s timeout , so a hung agency still leaves time to answer from replay. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;
/** A slow agency must not make every client wait when a good (if older) body is at hand. */
const DEFAULT_STALE_WAIT_MS = 2_000;

/**
 * One upstream fetch per product per cadence, however many clients ask (`_shared/upstreamCache.ts`
 * keeps, coalesces and revalidates): requests within the cadence are served from memory; the first
 * request after it starts one conditional upstream fetch that every concurrent request awaits; a
 * failed fetch too waits a cadence. Here: what a body must be (the poller's `normalise()`; a bad
 * body never replaces a good one), the recorded real file as the replay, the archive of new bodies.
 */
export class SpaceWeatherService {
  private readonly cache: UpstreamCache<SpaceWeatherResource, CachedBody>;
  private readonly archiveErrors = new Map<SpaceWeatherResource, string | null>();

  constructor(private readonly opts: SpaceWeatherServiceOptions) {
    this.cache = new UpstreamCache<SpaceWeatherResource, CachedBody>({
      fetch: opts.fetch,
      now: opts.now,
      request: (resource) => {
        const spec = resourceSpec(resource);
        const base =
          spec.upstream === 'gfz' ? (opts.gfzBaseUrl ?? DEFAULT_GFZ_BASE_URL) : opts.baseUrl;
        return {
          url: `${base.replace(/\/+$/, '')}/${spec.path(opts.now())}`,
          headers: {
            accept:
              spec.contentType === 'application/json' ? 'application/json' : 'text/plain, */*',
          },
        };
      },
      parse: (resource, body, prev) => this.accept(resource, body, prev),
      nextCheckAt: (resource, { startedAt }) => startedAt + resourceSpec(resource).cadenceMs,
      timeoutMs: opts.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
      replay: (resource) => this.loadReplay(resource),
      staleWaitMs: opts.staleWaitMs ?? DEFAULT_STALE_WAIT_MS,
    });
  }

  /** The service's clock (epoch ms): what conditional requests are judged against. */
  now(): number {
    return this.opts.now();
  }

  /**
   * The cached body when it can be served right now without asking upstream (within the cadence,
   * no fetch in flight), counted as a cache hit; otherwise null and the caller awaits `get`. The
   * hot path of a busy resource, kept free of promises.
   */
  cached(resource: SpaceWeatherResource): Served | null {
    const hit = this.cache.peek(resource);
    return hit && { entry: hit.entry.value, source: hit.source, freshForMs: hit.freshForMs };
  }

  /** The body to serve for a resource, or null when upstream failed and nothing is recorded. */
  async get(resource: SpaceWeatherResource): Promise<Served | null> {
    const got = await this.cache.get(resource);
    if (got.kind !== 'served') return null;
    const { entry, source, freshForMs } = got.served;
    return { entry: entry.value, source, freshForMs };
  }

  private async accept(
    resource: SpaceWeatherResource,
    upstream: UpstreamBody,
    prev: CacheEntry<CachedBody> | null,
  ): Promise<ParseResult<CachedBody>> {
    const body = upstream.text();
    const now = this.opts.now();
    const result = this.opts.validate(resource, body, { now });
    if (!result.ok) return { ok: false, error: result.error };
    const etag = await bodyEtag(body);
    const previous = prev?.origin === 'upstream' ? prev.value : null;
    const unchanged = previous?.etag === etag;
    // Only what the previous body did not hold (less a margin): a new minute costs a row or two.
    if (!unchanged)
      this.archive(
        resource,
        archiveRows(
          resource,
          result,
          now,
          samplesAfter(
            Object.fromEntries(
              (previous?.content?.series ?? []).map((b) => [b.product, b.t.at(-1) ?? null]),
            ),
          ),
        ),
      );
    const value: CachedBody = {
      body,
      contentType: upstream.headers.get('content-type') ?? resourceSpec(resource).contentType,
      etag,
      lastModified: parseHttpDate(upstream.headers.get('last-modified')) ?? result.dataTime ?? now,
      dataTime: result.dataTime,
      origin: 'upstream',
      content: contentOf(resource, result),
    };
    return { ok: true, value, dataTime: result.dataTime };
  }

  private archive(resource: SpaceWeatherResource, batch: ArchiveBatch): void {
    if (!this.opts.archive || batch.samples.length + batch.chunks.length === 0) return;
    this.opts.archive(batch).then(
      () => this.archiveErrors.set(resource, null),
      (e: unknown) => this.archiveErrors.set(resource, e instanceof Error ? e.message : String(e)),
    );
  }

  private async loadReplay(
    resource: SpaceWeatherResource,
  ): Promise<{ value: CachedBody; dataTime: number | null } | null> {
    const file = await this.opts.replay(resource);
    if (!file) return null;
    const result = this.opts.validate(resource, file.body, { now: this.opts.now() });
    const dataTime = (result.ok ? result.dataTime : null) ?? Date.parse(replayDataTime(resource));
    const value: CachedBody = {
      body: file.body,
      contentType: file.contentType,
      etag: await bodyEtag(file.body),
      // The true age of the replayed data; never the time we happened to serve it.
      lastModified: dataTime ?? 0,
      dataTime,
      origin: 'replay',
      content: result.ok ? replayContent(contentOf(resource, result)) : null,
    };
    return { value, dataTime };
  }

  /** Per-resource counters for `space-weather/stats` (and the debug API status panel). */
  stats(): Record<SpaceWeatherResource, ResourceReport> {
    const out = {} as ReturnType<SpaceWeatherService['stats']>;
    for (const resource of SPACE_WEATHER_RESOURCE_NAMES) out[resource] = this.report(resource);
    return out;
  }

  private report(resource: SpaceWeatherResource): ResourceReport {
    const c = this.cache.counters(resource);
    const entry = this.cache.entry(resource);
    const dataTime = entry?.value.dataTime ?? null;
    return {
      upstreamFetches: c.upstreamFetches,
      cacheHits: c.cacheHits,
      coalesced: c.coalesced,
      servedStale: c.servedStale,
      upstreamNotModified: c.upstreamNotModified,
      rejectedBodies: c.rejectedBodies,
      replays: c.replays,
      lastUpstreamStatus: c.lastUpstreamStatus,
      lastUpstreamAt: c.lastUpstreamAt,
      lastError: c.lastError,
      lastArchiveError: this.archiveErrors.get(resource) ?? null,
      source: entry?.origin ?? null,
      dataTime,
      dataAgeMs: dataTime === null ? null : this.opts.now() - dataTime,
      nextUpstreamInMs: this.cache.nextCheckInMs(resource),
      cadenceMs: resourceSpec(resource).cadenceMs,
    };
  }
}

export type ResourceReport = ResourceStats & {
  source: 'upstream' | 'replay' | null;
  dataTime: number | null;
  dataAgeMs: number | null;
  nextUpstreamInMs: number;
  cadenceMs: number;
};

/**
 * A replayed GFZ body is constructed, not recorded (replay/SOURCES.md): its Kp values go out with
 * status 0, so a client keeps them apart from real ones and never scores a forecast against them.
 */
function replayContent(content: CompactContent): CompactContent {
  if (content.resource !== 'kp-gfz') return content;
  return {
    ...content,
    series: content.series.map((b) => ({
      ...b,
      fields: { ...b.fields, status: b.t.map(() => 0) },
    })),
  };
}

function contentOf(
  resource: SpaceWeatherResource,
  v: Extract<ReturnType<Validator>, { ok: true }>,
): CompactContent {
  return {
    resource,
    dataTime: v.dataTime,
    schemaDrift: v.schemaDrift ?? false,
    series: v.series,
    grids: v.grids,
  };
}
