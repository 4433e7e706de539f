import type { Point } from './coordinates.ts';
import { parseLocationforecast, type PointForecast } from './parseLocationforecast.ts';
import { replayShiftMs, shiftReplayToPresent } from './replay.ts';
import type { UpstreamBudget, BudgetStats } from './upstreamBudget.ts';
import { UpstreamCache } from '../_shared/upstreamCache.ts';

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

/**
 * One upstream fetch per rounded point per upstream update, however many clients ask
 * (`_shared/upstreamCache.ts` keeps, coalesces and revalidates, least recently asked forgotten past
 * `MAX_POINTS`): a point is served from memory until MET Norway's Expires, then the first caller
 * makes one conditional fetch (If-Modified-Since) that every concurrent caller awaits, through the
 * upstream budget. Here: parsing (a body that does not parse never replaces a good one), the
 * expiry, the back-off, and the shipped copy for a point with nothing good, its times moved to
 * the present (`shiftReplayToPresent`).
 */
export class WeatherService {
  private readonly cache: UpstreamCache<Point, PointForecast>;
  /**
   * Each replay as last moved to the present: served again while the shift is the same (the same
   * hour), so its forecast is the same object and the handler's cached answer (ETag) still holds.
   */
  private readonly replayServed = new WeakMap<PointForecast, ServedForecast>();

  constructor(private readonly opts: WeatherServiceOptions) {
    this.cache = new UpstreamCache<Point, PointForecast>({
      fetch: opts.fetch,
      now: opts.now,
      id: (p) => p.key,
      request: (p) => ({
        url: `${opts.baseUrl.replace(/\/+$/, '')}/weatherapi/locationforecast/2.0/complete?lat=${p.lat}&lon=${p.lon}`,
        headers: { 'user-agent': opts.userAgent, accept: 'application/json' },
      }),
      parse: (_p, body) => {
        const parsed = parseLocationforecast(body.text());
        return parsed.ok
          ? { ok: true, value: parsed.forecast, dataTime: parsed.forecast.updatedAt }
          : parsed;
      },
      nextCheckAt: (_p, { ok, now, res }) =>
        ok && res ? expiry(res, now) : now + FAILURE_BACKOFF_MS,
      timeoutMs: opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
      // MET Norway's terms ask for If-Modified-Since; it is all this cache ever sent it.
      sendEtag: false,
      errorLabel: (p) => p.key,
      replay: async (p) => {
        const body = await opts.replay(p.key);
        const parsed = body === null ? null : parseLocationforecast(body);
        return parsed?.ok ? { value: parsed.forecast, dataTime: parsed.forecast.updatedAt } : null;
      },
      maxEntries: opts.maxPoints ?? MAX_POINTS,
      admit: (_p, maxWaitMs) => opts.budget.acquire(maxWaitMs),
    });
  }

  /** The service's clock (injected), for the Cache-Control the handler computes from expiry times. */
  now(): number {
    return this.opts.now();
  }

  stats(): WeatherStats & { points: number; maxPoints: number; budget: BudgetStats } {
    const t = this.cache.totals();
    return {
      upstreamFetches: t.upstreamFetches,
      upstreamNotModified: t.upstreamNotModified,
      cacheHits: t.cacheHits,
      coalesced: t.coalesced,
      rejectedBodies: t.rejectedBodies,
      replays: t.replays,
      evicted: t.evicted,
      budgetRefused: t.budgetRefused,
      lastError: t.lastError,
      points: this.cache.size,
      maxPoints: this.opts.maxPoints ?? MAX_POINTS,
      budget: this.opts.budget.stats(),
    };
  }

  /**
   * The forecast for a point. A fetch, when one is due, waits at most `maxWaitMs` for a token of
   * the upstream budget; without one the point is answered from what is kept (stale or replayed),
   * or `busy`. The budget is asked before this returns its promise, so points asked in one tick
   * are served in the order asked (the handler asks for the place before its grid).
   */
  async get(p: Point, opts: { maxWaitMs?: number } = {}): Promise<PointOutcome> {
    const got = await this.cache.get(p, opts);
    if (got.kind !== 'served') return got;
    const { entry, source } = got.served;
    if (entry.origin === 'replay') return { kind: 'served', served: this.replayed(entry.value) };
    return {
      kind: 'served',
      served: {
        entry: {
          forecast: entry.value,
          expiresAt: entry.freshUntil,
          lastModified: entry.validators.lastModified,
          origin: 'upstream',
        },
        source,
      },
    };
  }

  /** A replay moved to the present at every answer (replay.ts says why), so it never goes out of date. */
  private replayed(file: PointForecast): ServedForecast {
    const now = this.opts.now();
    const kept = this.replayServed.get(file);
    if (kept && kept.replayOf?.shiftMs === replayShiftMs(file, now)) return kept;
    const shifted = shiftReplayToPresent(file, now);
    const served: ServedForecast = {
      entry: { forecast: shifted.forecast, expiresAt: 0, lastModified: null, origin: 'replay' },
      source: 'replay',
      replayOf: { updatedAt: shifted.fileUpdatedAt, shiftMs: shifted.shiftMs },
    };
    this.replayServed.set(file, served);
    return served;
  }
}

/** Until when MET Norway asks us not to ask again: its Expires, within the bounds above. */
function expiry(res: Response, now: number): number {
  const expires = Date.parse(res.headers.get('expires') ?? '');
  const fresh = Number.isFinite(expires) ? expires - now : DEFAULT_FRESH_MS;
  return now + Math.min(MAX_FRESH_MS, Math.max(MIN_FRESH_MS, fresh));
}
