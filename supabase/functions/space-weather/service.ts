import type { CompactContent } from '../../../core/compact/compactForm.ts';
import { archiveRows, type ArchiveRow } from './archive.ts';
import { bodyEtag } from '../_shared/conditional.ts';
import { REPLAY_DATA_TIME, type ReplayLoader } from './replay.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  resourceSpec,
  type SpaceWeatherResource,
} from './resources.ts';
import type { Validator } from './validate.ts';
import { parseHttpDate } from '../_shared/http.ts';

/** A body we can serve, with the validators we answer conditional requests with. */
export interface CachedBody {
  body: string;
  contentType: string;
  etag: string;
  /** Epoch ms; upstream's Last-Modified, else the data time, else the time we got it. */
  lastModified: number;
  dataTime: number | null;
  origin: 'upstream' | 'replay';
  /** Upstream's own validators, sent back on the next conditional fetch. */
  upstreamEtag: string | null;
  upstreamLastModified: string | null;
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

interface ResourceStats {
  upstreamFetches: number;
  cacheHits: number;
  /** Requests that waited on another request's upstream fetch instead of making their own. */
  coalesced: number;
  /** Requests answered from the old body because upstream was slow to revalidate it. */
  servedStale: number;
  upstreamNotModified: number;
  rejectedBodies: number;
  replays: number;
  lastUpstreamStatus: number | 'network-error' | 'timeout' | null;
  lastUpstreamAt: number | null;
  lastError: string | null;
  lastArchiveError: string | null;
}

interface ResourceState {
  entry: CachedBody | null;
  lastAttemptAt: number | null;
  inFlight: Promise<boolean> | null;
  stats: ResourceStats;
}

export interface SpaceWeatherServiceOptions {
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  validate: Validator;
  replay: ReplayLoader;
  /** Best effort: called without awaiting; failures land in stats. */
  archive?: (rows: ArchiveRow[]) => Promise<void>;
  upstreamTimeoutMs?: number;
  /** How long a request waits on a slow revalidation before it gets the body we already have. */
  staleWaitMs?: number;
}

/** Below the clients' own 10 s timeout , so a hung agency still leaves time to answer from replay. */
const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;
/** A slow agency must not make every client wait when a good (if older) body is at hand. */
const DEFAULT_STALE_WAIT_MS = 2_000;

/** Resolves with the promise's value, or `fallback` after `ms`, whichever is first; never leaves a timer behind. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function emptyStats(): ResourceStats {
  return {
    upstreamFetches: 0,
    cacheHits: 0,
    coalesced: 0,
    servedStale: 0,
    upstreamNotModified: 0,
    rejectedBodies: 0,
    replays: 0,
    lastUpstreamStatus: null,
    lastUpstreamAt: null,
    lastError: null,
    lastArchiveError: null,
  };
}

/**
 * One upstream fetch per product per cadence, however many clients ask: requests within the
 * cadence are served from memory; the first request after it starts one conditional upstream
 * fetch that every concurrent request awaits. A bad body never replaces a good one; with no
 * good body at all, the recorded real file is served as a replay.
 */
export class SpaceWeatherService {
  private readonly states = new Map<SpaceWeatherResource, ResourceState>();

  constructor(private readonly opts: SpaceWeatherServiceOptions) {}

  /** The service's clock (epoch ms): what conditional requests are judged against. */
  now(): number {
    return this.opts.now();
  }

  private state(resource: SpaceWeatherResource): ResourceState {
    let st = this.states.get(resource);
    if (!st) {
      st = { entry: null, lastAttemptAt: null, inFlight: null, stats: emptyStats() };
      this.states.set(resource, st);
    }
    return st;
  }

  private freshFor(resource: SpaceWeatherResource, st: ResourceState): number {
    if (st.lastAttemptAt === null) return 0;
    return Math.max(0, st.lastAttemptAt + resourceSpec(resource).cadenceMs - this.opts.now());
  }

  /**
   * The cached body when it can be served right now without asking upstream (within the cadence,
   * no fetch in flight), counted as a cache hit; otherwise null and the caller awaits `get`. The
   * hot path of a busy resource, kept free of promises.
   */
  cached(resource: SpaceWeatherResource): Served | null {
    const st = this.states.get(resource);
    if (!st?.entry || st.inFlight || st.lastAttemptAt === null) return null;
    const freshForMs = this.freshFor(resource, st);
    if (freshForMs === 0) return null;
    st.stats.cacheHits++;
    return {
      entry: st.entry,
      source: st.entry.origin === 'replay' ? 'replay' : 'cache',
      freshForMs,
    };
  }

  /** The body to serve for a resource, or null when upstream failed and nothing is recorded. */
  async get(resource: SpaceWeatherResource): Promise<Served | null> {
    const hit = this.cached(resource);
    if (hit) return hit;
    const st = this.state(resource);
    const due = st.lastAttemptAt === null || this.freshFor(resource, st) === 0;
    let revalidated = false;
    let refresh: Promise<boolean> | null = null;
    if (st.inFlight) {
      st.stats.coalesced++;
      refresh = st.inFlight;
    } else if (due) {
      st.lastAttemptAt = this.opts.now();
      refresh = st.inFlight = this.refresh(resource, st).finally(() => {
        st.inFlight = null;
      });
    } else if (st.entry) {
      st.stats.cacheHits++;
    }
    if (refresh) {
      if (st.entry) {
        const stale = st.entry;
        const settled = await within(
          refresh.then((ok) => ({ ok })),
          this.opts.staleWaitMs ?? DEFAULT_STALE_WAIT_MS,
          null,
        );
        if (settled) revalidated = settled.ok;
        else {
          st.stats.servedStale++;
          return {
            entry: stale,
            source: stale.origin === 'replay' ? 'replay' : 'cache',
            freshForMs: 0,
          };
        }
      } else {
        revalidated = await refresh;
      }
    }
    const entry = st.entry;
    if (!entry) return null;
    const source = entry.origin === 'replay' ? 'replay' : revalidated ? 'upstream' : 'cache';
    return { entry, source, freshForMs: this.freshFor(resource, st) };
  }

  /** Fetches upstream once; true when upstream confirmed or replaced the cached body. */
  private async refresh(resource: SpaceWeatherResource, st: ResourceState): Promise<boolean> {
    const spec = resourceSpec(resource);
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/${spec.path}`;
    const headers: Record<string, string> = {
      accept: spec.contentType === 'application/json' ? 'application/json' : 'text/plain, */*',
    };
    const prev = st.entry?.origin === 'upstream' ? st.entry : null;
    if (prev?.upstreamEtag) headers['if-none-match'] = prev.upstreamEtag;
    if (prev?.upstreamLastModified) headers['if-modified-since'] = prev.upstreamLastModified;
    st.stats.upstreamFetches++;
    st.stats.lastUpstreamAt = this.opts.now();
    let ok = false;
    try {
      const res = await this.opts.fetch(url, {
        headers,
        signal: AbortSignal.timeout(this.opts.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS),
      });
      st.stats.lastUpstreamStatus = res.status;
      if (res.status === 304 && prev) {
        st.stats.upstreamNotModified++;
        st.stats.lastError = null;
        ok = true;
      } else if (res.ok) {
        ok = await this.accept(resource, st, res);
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
    if (!st.entry) await this.loadReplay(resource, st);
    return ok;
  }

  private async accept(
    resource: SpaceWeatherResource,
    st: ResourceState,
    res: Response,
  ): Promise<boolean> {
    const body = await res.text();
    const now = this.opts.now();
    const result = this.opts.validate(resource, body, { now });
    if (!result.ok) {
      st.stats.rejectedBodies++;
      st.stats.lastError = `Rejected upstream body: ${result.error}`;
      return false;
    }
    const etag = await bodyEtag(body);
    const upstreamLastModified = res.headers.get('last-modified');
    const unchanged = st.entry?.origin === 'upstream' && st.entry.etag === etag;
    st.entry = {
      body,
      contentType: res.headers.get('content-type') ?? resourceSpec(resource).contentType,
      etag,
      lastModified: parseHttpDate(upstreamLastModified) ?? result.dataTime ?? now,
      dataTime: result.dataTime,
      origin: 'upstream',
      upstreamEtag: res.headers.get('etag'),
      upstreamLastModified,
      content: contentOf(resource, result),
    };
    st.stats.lastError = null;
    if (!unchanged && this.opts.archive)
      this.archive(resource, st, archiveRows(resource, result, now));
    return true;
  }

  private archive(resource: SpaceWeatherResource, st: ResourceState, rows: ArchiveRow[]): void {
    if (!this.opts.archive || rows.length === 0) return;
    this.opts.archive(rows).then(
      () => {
        st.stats.lastArchiveError = null;
      },
      (e: unknown) => {
        st.stats.lastArchiveError = e instanceof Error ? e.message : String(e);
      },
    );
  }

  private async loadReplay(resource: SpaceWeatherResource, st: ResourceState): Promise<void> {
    const file = await this.opts.replay(resource);
    if (!file) return;
    const result = this.opts.validate(resource, file.body, { now: this.opts.now() });
    const listed = REPLAY_DATA_TIME[resource];
    const dataTime = (result.ok ? result.dataTime : null) ?? (listed ? Date.parse(listed) : null);
    st.stats.replays++;
    st.entry = {
      body: file.body,
      contentType: file.contentType,
      etag: await bodyEtag(file.body),
      // The true age of the replayed data; never the time we happened to serve it.
      lastModified: dataTime ?? 0,
      dataTime,
      origin: 'replay',
      upstreamEtag: null,
      upstreamLastModified: null,
      content: result.ok ? contentOf(resource, result) : null,
    };
  }

  /** Per-resource counters for `space-weather/stats` (and the debug API status panel). */
  stats(): Record<SpaceWeatherResource, ResourceReport> {
    const out = {} as ReturnType<SpaceWeatherService['stats']>;
    for (const resource of SPACE_WEATHER_RESOURCE_NAMES)
      out[resource] = this.report(resource, this.state(resource));
    return out;
  }

  private report(resource: SpaceWeatherResource, st: ResourceState): ResourceReport {
    const dataTime = st.entry?.dataTime ?? null;
    return {
      ...st.stats,
      source: st.entry?.origin ?? null,
      dataTime,
      dataAgeMs: dataTime === null ? null : this.opts.now() - dataTime,
      nextUpstreamInMs: this.freshFor(resource, st),
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
