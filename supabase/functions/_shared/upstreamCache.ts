/**
 * The upstream cache the data functions share (space-weather, sdo-image, weather): one kept body
 * per key, one upstream fetch per key however many callers ask at once (they await the same
 * fetch), conditional GETs with upstream's validators (a 304 keeps the body and refreshes its
 * time), a timeout on every fetch, an optional bound on the body read and on the number of keys
 * (least recently asked forgotten first), counters for each function's `/stats`, and a replay
 * when upstream fails with nothing kept. What a body means (parsing, checking, answers) and when
 * to ask again stay with each function, passed in as plain functions; so are the clock and the
 * fetch, so the whole cache runs against a fake upstream on a test's clock.
 */
import { fetchUpstream, type UpstreamBody } from './upstreamFetch.ts';
import { emptyCounters, type CountName, type UpstreamCounters } from './upstreamCounters.ts';

/** Upstream's own validators, sent back on the next conditional fetch. */
interface UpstreamValidators {
  etag: string | null;
  lastModified: string | null;
}

/** One kept body, parsed into the function's own value. */
export interface CacheEntry<V> {
  value: V;
  origin: 'upstream' | 'replay';
  /** When upstream last sent or confirmed (304) this body; for a replay, when it was loaded (epoch ms). */
  fetchedAt: number;
  /** Until when upstream is not asked again about this body (epoch ms; 0 for a replay). */
  freshUntil: number;
  validators: UpstreamValidators;
  /** The newest data point in it (epoch ms), as the function's parser read it; null when unknown. */
  dataTime: number | null;
}

export type ParseResult<V> =
  { ok: true; value: V; dataTime: number | null } | { ok: false; error: string };

/** How one upstream attempt ended, for the function's `nextCheckAt`. */
interface Attempt {
  ok: boolean;
  /** When the attempt started and ended (epoch ms). */
  startedAt: number;
  now: number;
  /** Upstream's answer (a 304 too); null when none came. */
  res: Response | null;
}

type Admission = { ok: true } | { ok: false; retryAfterMs: number };

export interface UpstreamCacheOptions<K, V> {
  fetch: typeof fetch;
  now: () => number;
  /** The key as a string (the cache's map key); default `String(key)`. */
  id?: (key: K) => string;
  /** What to ask upstream for; the cache adds the conditional headers. */
  request: (key: K) => { url: string; headers: Record<string, string> };
  /** Reads a 200 body; a rejected body never replaces the kept one. */
  parse: (
    key: K,
    body: UpstreamBody,
    prev: CacheEntry<V> | null,
  ) => ParseResult<V> | Promise<ParseResult<V>>;
  /** When upstream may be asked again about a key after an attempt (epoch ms). */
  nextCheckAt: (key: K, attempt: Attempt) => number;
  timeoutMs: number;
  /** The signal a fetch is aborted with; default `AbortSignal.timeout` (a test passes its own). */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Send upstream's ETag back as If-None-Match (default true); If-Modified-Since is always sent when known. */
  sendEtag?: boolean;
  /** Bound on a body read into memory; past it the body is rejected. Default: no bound. */
  maxBodyBytes?: number;
  /** What the body should be, for the rejection text of one too large ("an image"). */
  bodyName?: string;
  /** Names the key in error texts (" for <label>"); default none. */
  errorLabel?: (key: K) => string;
  /** The stand-in when upstream fails and nothing is kept; null when none is shipped for the key. */
  replay?: (key: K) => Promise<{ value: V; dataTime: number | null } | null>;
  /** A kept upstream body served while the last attempt failed counts and is labelled a replay. */
  keptBodyIsReplay?: boolean;
  /** With a body at hand, a request waits at most this long on its revalidation, then gets that body. */
  staleWaitMs?: number;
  /** At most this many keys are kept, the least recently asked forgotten first; default no bound. */
  maxEntries?: number;
  /** Asked before every fetch, synchronously in `get` (so callers of one tick keep their order). */
  admit?: (key: K, maxWaitMs: number) => Promise<Admission>;
}

export interface Served<V> {
  entry: CacheEntry<V>;
  /** upstream = this request's body was (re)validated by the fetch it awaited. */
  source: 'upstream' | 'cache' | 'replay';
  /** How long until upstream is next asked (drives Cache-Control max-age). */
  freshForMs: number;
  /** The request awaited a fetch another request started. */
  joined: boolean;
}

export type Lookup<V> =
  { kind: 'served'; served: Served<V> } | { kind: 'busy'; retryAfterMs: number } | { kind: 'none' };

/** How one refresh ended: a good body or a 304, a failure, or no admission in time. */
type Refresh = { ok: boolean } | { busy: number };

interface KeyState<V> {
  entry: CacheEntry<V> | null;
  /** 0 = never asked: due at once. */
  nextCheckAt: number;
  /** The last attempt failed. */
  failing: boolean;
  inFlight: Promise<Refresh> | null;
  counters: UpstreamCounters;
}

/** Resolves with the promise's value, or `fallback` after `ms`, whichever is first; never leaves a timer behind. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class UpstreamCache<K, V> {
  /** Least recently asked first (a Map keeps insertion order; with `maxEntries` an asked key moves to the end). */
  private readonly states = new Map<string, KeyState<V>>();
  private readonly sums: UpstreamCounters & { evicted: number } = {
    ...emptyCounters(),
    evicted: 0,
  };

  constructor(private readonly opts: UpstreamCacheOptions<K, V>) {}

  private idOf(key: K): string {
    return this.opts.id ? this.opts.id(key) : String(key);
  }

  /** The key's state, created when new; with a bound, moved to the recent end and the oldest forgotten. */
  private state(id: string): KeyState<V> {
    let st = this.states.get(id);
    if (st && this.opts.maxEntries === undefined) return st;
    if (st) this.states.delete(id);
    else
      st = {
        entry: null,
        nextCheckAt: 0,
        failing: false,
        inFlight: null,
        counters: emptyCounters(),
      };
    this.states.set(id, st);
    const max = this.opts.maxEntries;
    if (max !== undefined && this.states.size > max) {
      for (const [k, old] of this.states) {
        if (this.states.size <= max) break;
        // A key being fetched stays: its callers are waiting on this very state.
        if (old.inFlight || old === st) continue;
        this.states.delete(k);
        this.sums.evicted++;
      }
    }
    return st;
  }

  private count(st: KeyState<V>, name: CountName): void {
    st.counters[name]++;
    this.sums[name]++;
  }

  private fail(st: KeyState<V>, error: string): void {
    st.counters.lastError = error;
    this.sums.lastError = error;
  }

  private served(
    st: KeyState<V>,
    entry: CacheEntry<V>,
    revalidated: boolean,
    joined: boolean,
  ): Served<V> {
    let source: Served<V>['source'] = revalidated ? 'upstream' : 'cache';
    if (entry.origin === 'replay') source = 'replay';
    else if (this.opts.keptBodyIsReplay && st.failing) {
      source = 'replay';
      this.count(st, 'replays');
    }
    return { entry, source, freshForMs: this.freshFor(st), joined };
  }

  private freshFor(st: KeyState<V>): number {
    return Math.max(0, st.nextCheckAt - this.opts.now());
  }

  /**
   * The kept body when it can be served right now without asking upstream (within its time, no
   * fetch in flight), counted as a cache hit; otherwise null and the caller awaits `get`. Free of
   * promises: the hot path of a busy key.
   */
  peek(key: K): Served<V> | null {
    const id = this.idOf(key);
    // With a bound, a kept key asked is moved to the recent end.
    const st =
      this.opts.maxEntries !== undefined && this.states.has(id)
        ? this.state(id)
        : this.states.get(id);
    if (!st?.entry || st.inFlight || this.opts.now() >= st.nextCheckAt) return null;
    this.count(st, 'cacheHits');
    return this.served(st, st.entry, false, false);
  }

  /** The body for a key: kept, revalidated, fetched or replayed; `busy` when admission said no and nothing is kept. */
  async get(key: K, opts: { maxWaitMs?: number } = {}): Promise<Lookup<V>> {
    const hit = this.peek(key);
    if (hit) return { kind: 'served', served: hit };
    const st = this.state(this.idOf(key));
    let joined = false;
    let refresh: Promise<Refresh> | null = null;
    if (st.inFlight) {
      this.count(st, 'coalesced');
      joined = true;
      refresh = st.inFlight;
    } else if (this.opts.now() >= st.nextCheckAt) {
      const state = st;
      refresh = st.inFlight = this.refresh(key, st, opts.maxWaitMs ?? 0).finally(() => {
        state.inFlight = null;
      });
    }
    let result: Refresh | null = null;
    if (refresh) {
      const stale = st.entry;
      if (stale && this.opts.staleWaitMs !== undefined) {
        result = await within<Refresh | null>(refresh, this.opts.staleWaitMs, null);
        if (result === null) {
          this.count(st, 'servedStale');
          const served = this.served(st, stale, false, joined);
          return { kind: 'served', served: { ...served, freshForMs: 0 } };
        }
      } else {
        result = await refresh;
      }
    }
    if (!st.entry) {
      return result && 'busy' in result
        ? { kind: 'busy', retryAfterMs: result.busy }
        : { kind: 'none' };
    }
    const revalidated = result !== null && 'ok' in result && result.ok;
    return { kind: 'served', served: this.served(st, st.entry, revalidated, joined) };
  }

  /** Asks upstream once; ok when upstream confirmed or replaced the kept body. */
  private async refresh(key: K, st: KeyState<V>, maxWaitMs: number): Promise<Refresh> {
    // Asked before any await: an upstream budget's line keeps the order of the callers.
    const admission = this.opts.admit?.(key, maxWaitMs);
    const { url, headers } = this.opts.request(key);
    const prev = st.entry?.origin === 'upstream' ? st.entry : null;
    if (prev?.validators.etag && this.opts.sendEtag !== false)
      headers['if-none-match'] = prev.validators.etag;
    if (prev?.validators.lastModified) headers['if-modified-since'] = prev.validators.lastModified;
    if (admission) {
      const admitted = await admission;
      if (!admitted.ok) {
        // Not a failure of upstream: no back-off, the next caller asks again.
        this.count(st, 'budgetRefused');
        return { busy: admitted.retryAfterMs };
      }
    }
    const startedAt = this.opts.now();
    const label = this.opts.errorLabel ? ` for ${this.opts.errorLabel(key)}` : '';
    this.count(st, 'upstreamFetches');
    st.counters.lastUpstreamAt = this.sums.lastUpstreamAt = startedAt;
    const got = await fetchUpstream({
      fetch: this.opts.fetch,
      url,
      headers,
      conditional: prev !== null,
      timeoutMs: this.opts.timeoutMs,
      timeoutSignal: this.opts.timeoutSignal,
      maxBodyBytes: this.opts.maxBodyBytes,
      bodyName: this.opts.bodyName,
      label,
    });
    st.counters.lastUpstreamStatus = this.sums.lastUpstreamStatus =
      got.kind === 'failed' ? got.status : got.res.status;
    let ok = false;
    if (got.kind === 'not-modified' && prev) {
      this.count(st, 'upstreamNotModified');
      prev.fetchedAt = this.opts.now();
      ok = true;
    } else if (got.kind === 'body') ok = await this.accept(key, st, got.res, got.body, label);
    else if (got.kind === 'too-large') this.reject(st, got.error, label);
    else if (got.kind === 'failed') this.fail(st, got.error);
    st.failing = !ok;
    st.nextCheckAt = this.opts.nextCheckAt(key, {
      ok,
      startedAt,
      now: this.opts.now(),
      res: got.res,
    });
    if (ok && st.entry) {
      st.entry.freshUntil = st.nextCheckAt;
      st.counters.lastError = null;
    }
    if (!ok && !st.entry) await this.loadReplay(key, st);
    return { ok };
  }

  private async accept(
    key: K,
    st: KeyState<V>,
    res: Response,
    body: UpstreamBody,
    label: string,
  ): Promise<boolean> {
    const parsed = await this.opts.parse(key, body, st.entry);
    if (!parsed.ok) return this.reject(st, parsed.error, label);
    const now = this.opts.now();
    st.entry = {
      value: parsed.value,
      origin: 'upstream',
      fetchedAt: now,
      freshUntil: now,
      validators: { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') },
      dataTime: parsed.dataTime,
    };
    return true;
  }

  private reject(st: KeyState<V>, error: string, label: string): false {
    this.count(st, 'rejectedBodies');
    this.fail(st, `Rejected upstream body${label}: ${error}`);
    return false;
  }

  private async loadReplay(key: K, st: KeyState<V>): Promise<void> {
    const file = await this.opts.replay?.(key);
    if (!file) return;
    this.count(st, 'replays');
    st.entry = {
      value: file.value,
      origin: 'replay',
      fetchedAt: this.opts.now(),
      freshUntil: 0,
      validators: { etag: null, lastModified: null },
      dataTime: file.dataTime,
    };
  }

  /** A key's counters (zeros for a key never asked). */
  counters(key: K): UpstreamCounters {
    return this.states.get(this.idOf(key))?.counters ?? emptyCounters();
  }

  /** Every key's counters summed, the keys forgotten to the bound included, and how many were. */
  totals(): UpstreamCounters & { evicted: number } {
    return { ...this.sums };
  }

  /** What is kept for a key, or null. */
  entry(key: K): CacheEntry<V> | null {
    return this.states.get(this.idOf(key))?.entry ?? null;
  }

  /** How long until upstream is next asked for a key (0 = at the next request). */
  nextCheckInMs(key: K): number {
    const st = this.states.get(this.idOf(key));
    return st ? this.freshFor(st) : 0;
  }

  /** Keys kept. */
  get size(): number {
    return this.states.size;
  }
}
