import type { Point } from './coordinates.ts';
import { parseLocationforecast, type PointForecast } from './parseLocationforecast.ts';
import { replayShiftMs, shiftReplayToPresent } from './replay.ts';
import type { UpstreamBudget, BudgetStats } from './upstreamBudget.ts';

/** One cached forecast for one rounded point. */
interface CachedForecast {
  forecast: PointForecast;
  /** Until when MET Norway asked us not to ask again (its Expires), epoch ms. */
  expiresAt: number;
  /** Upstream's Last-Modified, sent back as If-Modified-Since as its terms ask. */
  lastModified: string | null;
  origin: 'upstream' | 'replay';
}

export interface ServedForecast {
  entry: CachedForecast;
  source: 'upstream' | 'cache' | 'replay';
  /** For a replay: the file's own model-run time and how far its times were moved to the present. */
  replayOf?: { updatedAt: number | null; shiftMs: number };
}

/**
 * What `get` found for a point: a forecast (fresh, cached, stale or replayed), or none because the
 * upstream budget had no token for it in time (`busy`: come back after `retryAfterMs`), or none at all.
 */
export type PointOutcome =
  | { kind: 'served'; served: ServedForecast }
  | { kind: 'busy'; retryAfterMs: number }
  | { kind: 'none' };

export interface WeatherStats {
  upstreamFetches: number;
  upstreamNotModified: number;
  cacheHits: number;
  coalesced: number;
  rejectedBodies: number;
  replays: number;
  /** Points forgotten because the cache was full (least recently asked first). */
  evicted: number;
  /** Fetches not made because the upstream budget had no token in time (stale or busy answers). */
  budgetRefused: number;
  lastError: string | null;
}

/** Loads the recorded body for a point key ("69.7_19.0"), or null when none is shipped. */
export type WeatherReplayLoader = (key: string) => Promise<string | null>;

export interface WeatherServiceOptions {
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** MET Norway's terms: an identifying User-Agent (app name and a contact), or it answers 403. */
  userAgent: string;
  replay: WeatherReplayLoader;
  /** The process-wide budget of requests to MET Norway (upstreamBudget.ts); every fetch takes a token. */
  budget: UpstreamBudget;
  /** How many points the cache keeps; the least recently asked is forgotten past it. */
  maxPoints?: number;
  upstreamTimeoutMs?: number;
}

/** Below the clients' own 10 s timeout, so a hung upstream still leaves time to answer from replay. */
const UPSTREAM_TIMEOUT_MS = 8_000;
/** When upstream gives no Expires: MET Norway's models update about hourly. */
const DEFAULT_FRESH_MS = 30 * 60_000;
/** Bounds on upstream's Expires: never ask more than once a minute, never trust a body more than 6 h. */
const MIN_FRESH_MS = 60_000;
const MAX_FRESH_MS = 6 * 3_600_000;
/** After a failed fetch, wait this long before asking upstream again for that point. */
const FAILURE_BACKOFF_MS = 5 * 60_000;
/**
 * Points kept in memory (each ~11 KB with its 48 hours: the unbounded cache grew by 385 MB over
 * 34,780 points). A 1° lattice over the inhabited auroral zones is a few hundred points.
 */
const MAX_POINTS = 2_000;

interface PointState {
  entry: CachedForecast | null;
  inFlight: Promise<FetchResult> | null;
  retryAt: number;
  /**
   * The replay as last moved to the present: served again while the shift is the same (the same
   * hour), so its forecast is the same object and the handler's cached answer (ETag) still holds.
   */
  replayServed?: ServedForecast;
}

/** How one refresh ended: a good body (or 304), a failure, or no token from the budget in time. */
type FetchResult = { ok: boolean } | { busy: number };

/**
 * One upstream fetch per rounded point per upstream update, however many clients ask: a point is
 * served from memory until MET Norway's Expires, then the first caller makes one conditional
 * fetch (If-Modified-Since) that every concurrent caller awaits. A body that does not parse never
 * replaces a good one; with no good body at all the shipped copy for that point is replayed, its
 * times moved to the present (`shiftReplayToPresent`).
 */
export class WeatherService {
  /** Least recently asked first (a Map keeps insertion order; an asked point moves to the end). */
  private readonly points = new Map<string, PointState>();
  private readonly counters: WeatherStats = {
    upstreamFetches: 0,
    upstreamNotModified: 0,
    cacheHits: 0,
    coalesced: 0,
    rejectedBodies: 0,
    replays: 0,
    evicted: 0,
    budgetRefused: 0,
    lastError: null,
  };

  constructor(private readonly opts: WeatherServiceOptions) {}

  /** The service's clock (injected), for the Cache-Control the handler computes from expiry times. */
  now(): number {
    return this.opts.now();
  }

  stats(): WeatherStats & { points: number; maxPoints: number; budget: BudgetStats } {
    return {
      ...this.counters,
      points: this.points.size,
      maxPoints: this.maxPoints(),
      budget: this.opts.budget.stats(),
    };
  }

  private maxPoints(): number {
    return this.opts.maxPoints ?? MAX_POINTS;
  }

  /** The point's state, moved to the most recently asked end; the least recently asked go past the bound. */
  private touch(key: string): PointState {
    let st = this.points.get(key);
    if (st) this.points.delete(key);
    else st = { entry: null, inFlight: null, retryAt: 0 };
    this.points.set(key, st);
    if (this.points.size > this.maxPoints()) {
      for (const [k, old] of this.points) {
        if (this.points.size <= this.maxPoints()) break;
        // A point being fetched stays: its callers are waiting on this very state.
        if (old.inFlight || old === st) continue;
        this.points.delete(k);
        this.counters.evicted++;
      }
    }
    return st;
  }

  /**
   * The forecast for a point. A fetch, when one is due, waits at most `maxWaitMs` for a token of
   * the upstream budget; without one the point is answered from what is kept (stale or replayed),
   * or `busy`. The budget is asked before this returns its promise, so points asked in one tick
   * are served in the order asked (the handler asks for the place before its grid).
   */
  async get(p: Point, opts: { maxWaitMs?: number } = {}): Promise<PointOutcome> {
    const st = this.touch(p.key);
    const now = this.opts.now();
    if (st.entry?.origin === 'upstream' && now < st.entry.expiresAt) {
      this.counters.cacheHits++;
      return { kind: 'served', served: { entry: st.entry, source: 'cache' } };
    }
    let result: FetchResult | null = null;
    if (st.inFlight) {
      this.counters.coalesced++;
      result = await st.inFlight;
    } else if (now >= st.retryAt) {
      const state = st;
      st.inFlight = this.refresh(p, st, opts.maxWaitMs ?? 0).finally(() => {
        state.inFlight = null;
      });
      result = await st.inFlight;
    }
    if (!st.entry) {
      return result && 'busy' in result
        ? { kind: 'busy', retryAfterMs: result.busy }
        : { kind: 'none' };
    }
    if (st.entry.origin === 'replay') {
      // Moved to the present at every answer (replay.ts says why), so it never goes out of date.
      const shiftMs = replayShiftMs(st.entry.forecast, this.opts.now());
      if (st.replayServed?.replayOf?.shiftMs !== shiftMs) {
        const shifted = shiftReplayToPresent(st.entry.forecast, this.opts.now());
        st.replayServed = {
          entry: { ...st.entry, forecast: shifted.forecast },
          source: 'replay',
          replayOf: { updatedAt: shifted.fileUpdatedAt, shiftMs: shifted.shiftMs },
        };
      }
      return { kind: 'served', served: st.replayServed };
    }
    const refreshed = result !== null && 'ok' in result && result.ok;
    return {
      kind: 'served',
      served: { entry: st.entry, source: refreshed ? 'upstream' : 'cache' },
    };
  }

  private expiry(res: Response, now: number): number {
    const expires = Date.parse(res.headers.get('expires') ?? '');
    const fresh = Number.isFinite(expires) ? expires - now : DEFAULT_FRESH_MS;
    return now + Math.min(MAX_FRESH_MS, Math.max(MIN_FRESH_MS, fresh));
  }

  private async refresh(p: Point, st: PointState, maxWaitMs: number): Promise<FetchResult> {
    // Asked before any await: the budget's line keeps the order of the callers.
    const admission = this.opts.budget.acquire(maxWaitMs);
    const url = `${this.opts.baseUrl.replace(/\/+$/, '')}/weatherapi/locationforecast/2.0/complete?lat=${p.lat}&lon=${p.lon}`;
    const headers: Record<string, string> = {
      'user-agent': this.opts.userAgent,
      accept: 'application/json',
    };
    const prev = st.entry?.origin === 'upstream' ? st.entry : null;
    if (prev?.lastModified) headers['if-modified-since'] = prev.lastModified;
    const admitted = await admission;
    if (!admitted.ok) {
      // Not a failure of upstream: no back-off, the next caller asks the budget again.
      this.counters.budgetRefused++;
      return { busy: admitted.retryAfterMs };
    }
    this.counters.upstreamFetches++;
    let ok = false;
    try {
      const res = await this.opts.fetch(url, {
        headers,
        signal: AbortSignal.timeout(this.opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS),
      });
      const now = this.opts.now();
      if (res.status === 304 && prev) {
        this.counters.upstreamNotModified++;
        st.entry = { ...prev, expiresAt: this.expiry(res, now) };
        ok = true;
      } else if (res.ok) {
        const parsed = parseLocationforecast(await res.text());
        if (parsed.ok) {
          st.entry = {
            forecast: parsed.forecast,
            expiresAt: this.expiry(res, now),
            lastModified: res.headers.get('last-modified'),
            origin: 'upstream',
          };
          ok = true;
        } else {
          this.counters.rejectedBodies++;
          this.counters.lastError = `Rejected upstream body for ${p.key}: ${parsed.error}`;
        }
      } else {
        await res.body?.cancel();
        this.counters.lastError = `Upstream answered ${res.status} for ${p.key}`;
      }
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      this.counters.lastError = timedOut
        ? `Upstream timed out for ${p.key}`
        : `Upstream unreachable: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (!ok) {
      st.retryAt = this.opts.now() + FAILURE_BACKOFF_MS;
      if (!st.entry) await this.loadReplay(p, st);
    }
    return { ok };
  }

  private async loadReplay(p: Point, st: PointState): Promise<void> {
    const body = await this.opts.replay(p.key);
    if (body === null) return;
    const parsed = parseLocationforecast(body);
    if (!parsed.ok) return;
    this.counters.replays++;
    st.entry = { forecast: parsed.forecast, expiresAt: 0, lastModified: null, origin: 'replay' };
  }
}
