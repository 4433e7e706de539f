/**
 * The regional cloud layer's data, kept per 30° latitude band of 0.5° cells: filled from GFS one
 * forecast hour per upstream request (gfsRequest.ts), each through the NOMADS budget, the current
 * hour first, so an answer has the next hours before it has the rest. A newer run is fetched
 * beside the one being served and replaces it once it covers every hour; a band nobody asks for
 * is never fetched. When NOMADS cannot be reached and a band holds nothing, the constructed GFS
 * sample in replay/ is served instead, its times moved to the present (like weather/replay.ts).
 */
import type { CloudLayer, TileGeometry } from '../../../../core/clouds/cloudTiles.ts';
import type { UpstreamBudget, BudgetTimers, BudgetStats } from '../upstreamBudget.ts';
import {
  BAND_DEG,
  bandOf,
  bandSouth,
  hourCells,
  tileLayer,
  type HourCells,
} from './cloudFields.ts';
import { readGrib2, type Grib2Field } from './grib2.ts';
import { gfsFilterUrl, latestRun, wantedHours } from './gfsRequest.ts';
import { fetchUpstream } from '../../_shared/upstreamFetch.ts';

const HOUR = 3_600_000;
/** A band's fetches wait this long in the budget's line: they run in the background of answers. */
const FILL_WAIT_MS = 120_000;
/** After a failed fetch, the band is not asked of upstream again for this long. */
const FAILURE_BACKOFF_MS = 5 * 60_000;
/** Below the clients' 10 s timeout is not needed here (fills run behind answers); a hung NOMADS still ends. */
const UPSTREAM_TIMEOUT_MS = 30_000;
/** Bands kept in memory, least recently asked forgotten first: each holds up to ~17 MB (two runs of 49 hours). */
const MAX_BANDS = 3;
/** How long an answer waits for a band's first hour when it has none yet. */
const FIRST_HOUR_WAIT_MS = 4_000;

export interface GfsCloudsOptions {
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  userAgent: string;
  /** The process-wide budget of NOMADS requests (gfsRequest.ts NOMADS_BUDGET). */
  budget: UpstreamBudget;
  /** The constructed GFS sample (GRIB2 bytes), or null when none is shipped. */
  replay: () => Promise<Uint8Array | null>;
  timers?: BudgetTimers;
  maxBands?: number;
  upstreamTimeoutMs?: number;
}

interface RunCells {
  /** The model run, epoch ms (for a replay: the file's own). */
  run: number;
  hours: Map<number, HourCells>;
  origin: 'upstream' | 'replay';
}

interface BandState {
  served: RunCells | null;
  /** A newer run being fetched while `served` still answers. */
  filling: RunCells | null;
  task: Promise<void> | null;
  retryAt: number;
  /** Bumped whenever what the band answers with changes (answer caches key on it). */
  version: number;
  firstData: { promise: Promise<void>; resolve: () => void };
}

export interface CloudsStats {
  upstreamFetches: number;
  rejectedBodies: number;
  replays: number;
  evictedBands: number;
  lastError: string | null;
  bands: {
    band: number;
    run: string | null;
    origin: string | null;
    hours: number;
    filling: number;
  }[];
  budget: BudgetStats;
}

/** What an answer is made of: the hours any band of the tiles has, and their cells. */
export interface CloudsView {
  source: 'upstream' | 'replay';
  /** The model run of the answer (the oldest of its bands), moved like the hours for a replay. */
  run: number;
  /** For a replay: the file's own run and how far its times were moved. */
  replayOf?: { run: number; shiftMs: number };
  hours: number[];
  /** True when every band has every wanted hour: nothing more will come for this run. */
  complete: boolean;
  /** The bands' versions, for caching the answer built from this view. */
  versionKey: string;
  /** A tile layer's bytes: hours × cells (core/clouds/cloudBytes.ts layout). */
  layer(tile: TileGeometry, layer: CloudLayer): Uint8Array;
}

function deferred(): BandState['firstData'] {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Replay hours moved by whole hours so the copy's first hour is the current one. */
function replayShift(cells: RunCells, now: number): number {
  const first = Math.min(...cells.hours.keys());
  return Number.isFinite(first) ? Math.floor(now / HOUR) * HOUR - first : 0;
}

export class GfsClouds {
  private readonly bands = new Map<number, BandState>();
  private replayFields: Promise<Map<number, Grib2Field[]> | null> | null = null;
  private readonly counters = {
    upstreamFetches: 0,
    rejectedBodies: 0,
    replays: 0,
    evictedBands: 0,
    lastError: null as string | null,
  };

  constructor(private readonly opts: GfsCloudsOptions) {}

  now(): number {
    return this.opts.now();
  }

  stats(): CloudsStats {
    return {
      ...this.counters,
      bands: [...this.bands].map(([band, st]) => ({
        band,
        run: st.served ? new Date(st.served.run).toISOString() : null,
        origin: st.served?.origin ?? null,
        hours: st.served?.hours.size ?? 0,
        filling: st.filling?.hours.size ?? 0,
      })),
      budget: this.opts.budget.stats(),
    };
  }

  /** The bands the tiles lie in, filled as needed; waits a little for a band with nothing yet. */
  async view(tiles: readonly TileGeometry[]): Promise<CloudsView> {
    const wanted = new Set<number>();
    for (const t of tiles) {
      const top = t.south + t.rows * t.cellDeg;
      for (let b = bandOf(t.south); b <= bandOf(top - 1e-6); b++) wanted.add(b);
    }
    const states = [...wanted].sort((a, b) => a - b).map((b) => [b, this.ensure(b)] as const);
    const empty = states.filter(([, st]) => !st.served).map(([, st]) => st.firstData.promise);
    if (empty.length > 0) await this.within(Promise.all(empty), FIRST_HOUR_WAIT_MS);
    return this.compose(states);
  }

  private async within(p: Promise<unknown>, ms: number): Promise<void> {
    const timers = this.opts.timers ?? {
      setTimeout: (fn: () => void, t: number) => globalThis.setTimeout(fn, t),
      clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    let handle: unknown = null;
    await Promise.race([p, new Promise<void>((r) => (handle = timers.setTimeout(r, ms)))]);
    timers.clearTimeout(handle);
  }

  private state(band: number): BandState {
    let st = this.bands.get(band);
    if (st) this.bands.delete(band);
    else
      st = {
        served: null,
        filling: null,
        task: null,
        retryAt: 0,
        version: 0,
        firstData: deferred(),
      };
    this.bands.set(band, st);
    for (const [b, old] of this.bands) {
      if (this.bands.size <= (this.opts.maxBands ?? MAX_BANDS)) break;
      if (old.task || old === st) continue;
      this.bands.delete(b);
      this.counters.evictedBands++;
    }
    return st;
  }

  /** The band's state, with a fill started when its hours are not all there for the newest run. */
  private ensure(band: number): BandState {
    const st = this.state(band);
    const now = this.opts.now();
    const hours = wantedHours(now);
    for (const cells of [st.served, st.filling])
      if (cells?.origin === 'upstream')
        for (const t of [...cells.hours.keys()]) if (t < hours[0]!) cells.hours.delete(t);
    if (st.task || now < st.retryAt) return st;
    const run = latestRun(now);
    const served = st.served;
    if (
      served?.origin === 'upstream' &&
      served.run >= run &&
      hours.every((t) => served.hours.has(t))
    )
      return st;
    st.task = this.fill(band, st, run).finally(() => (st.task = null));
    return st;
  }

  private async fill(band: number, st: BandState, run: number): Promise<void> {
    let target: RunCells;
    if (st.served?.origin === 'upstream' && st.served.run === run) target = st.served;
    else if (st.filling?.run === run) target = st.filling;
    else target = st.filling = { run, hours: new Map(), origin: 'upstream' };
    for (const t of wantedHours(this.opts.now())) {
      if (target.hours.has(t)) continue;
      const got = await this.fetchHour(band, run, t);
      if (!got.ok) {
        if (!st.served) await this.useReplay(band, st);
        return;
      }
      target.hours.set(t, got.cells);
      this.promote(st, target);
    }
    this.promote(st, target);
  }

  /**
   * Which run answers: the one being filled as soon as it has an hour when nothing upstream is
   * served (nothing, or a replay), else only once it has every hour the older run would give.
   */
  private promote(st: BandState, target: RunCells): void {
    if (st.served === target) {
      st.version++;
      return;
    }
    const served = st.served;
    const takeOver =
      !served ||
      served.origin === 'replay' ||
      wantedHours(this.opts.now()).every((t) => target.hours.has(t));
    if (!takeOver) return;
    st.served = target;
    if (st.filling === target) st.filling = null;
    st.version++;
    st.firstData.resolve();
  }

  private async fetchHour(
    band: number,
    run: number,
    validTime: number,
  ): Promise<{ ok: true; cells: HourCells } | { ok: false }> {
    const south = bandSouth(band);
    const admitted = await this.opts.budget.acquire(FILL_WAIT_MS);
    if (!admitted.ok) {
      this.fail(band, `NOMADS request budget in use for ${admitted.retryAfterMs} ms more`);
      return { ok: false };
    }
    this.counters.upstreamFetches++;
    const url = gfsFilterUrl(this.opts.baseUrl, run, validTime, {
      south,
      north: south + BAND_DEG,
    });
    const got = await fetchUpstream({
      fetch: this.opts.fetch,
      url,
      headers: { 'user-agent': this.opts.userAgent },
      conditional: false,
      timeoutMs: this.opts.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
      label: ` for ${new Date(validTime).toISOString()}`,
      upstreamName: 'NOMADS',
    });
    if (got.kind !== 'body') {
      // Never a 304: the request carries no validators (each hour of a run is asked once).
      this.fail(band, got.kind === 'not-modified' ? 'NOMADS answered 304' : got.error);
      return { ok: false };
    }
    const bytes = got.body.bytes;
    const parsed = readGrib2(bytes);
    const fields = parsed.ok ? parsed.fields.filter((f) => f.validTime === validTime) : [];
    const cells = parsed.ok ? hourCells(fields, band) : parsed;
    if (!cells.ok) {
      this.counters.rejectedBodies++;
      this.fail(band, `Rejected GFS body for band ${band}: ${cells.error}`);
      return { ok: false };
    }
    return { ok: true, cells: cells.cells };
  }

  private fail(band: number, error: string): void {
    this.counters.lastError = error;
    const st = this.bands.get(band);
    if (st) st.retryAt = this.opts.now() + FAILURE_BACKOFF_MS;
  }

  /** The constructed sample's fields by valid time, read and decoded once. */
  private loadReplay(): Promise<Map<number, Grib2Field[]> | null> {
    this.replayFields ??= this.opts.replay().then((bytes) => {
      if (!bytes) return null;
      const parsed = readGrib2(bytes);
      if (!parsed.ok) return null;
      const byHour = new Map<number, Grib2Field[]>();
      for (const f of parsed.fields)
        byHour.set(f.validTime, [...(byHour.get(f.validTime) ?? []), f]);
      return byHour;
    });
    return this.replayFields;
  }

  private async useReplay(band: number, st: BandState): Promise<void> {
    const byHour = await this.loadReplay();
    if (!byHour || st.served) {
      st.firstData.resolve();
      return;
    }
    const hours = new Map<number, HourCells>();
    let run = Infinity;
    for (const [t, fields] of byHour) {
      const cells = hourCells(fields, band);
      if (cells.ok) hours.set(t, cells.cells);
      for (const f of fields) run = Math.min(run, f.referenceTime);
    }
    if (hours.size === 0) {
      st.firstData.resolve();
      return;
    }
    this.counters.replays++;
    st.served = { run, hours, origin: 'replay' };
    st.version++;
    st.firstData.resolve();
  }

  private compose(states: readonly (readonly [number, BandState])[]): CloudsView {
    const now = this.opts.now();
    const wanted = wantedHours(now);
    const replay = states.map(([, st]) => st.served).find((c) => c?.origin === 'replay') ?? null;
    const shiftMs = replay ? replayShift(replay, now) : 0;
    // Each band's hours on the real clock (a replay's moved to the present).
    const onClock = states.map(([band, st]) => {
      const c = st.served;
      const shift = c?.origin === 'replay' ? replayShift(c, now) : 0;
      const at = (t: number) => c?.hours.get(t - shift);
      return { band, at, run: c ? c.run + shift : null };
    });
    // Every hour some band has: a band still filling leaves its cells empty, not the others'.
    const hours = wanted.filter((t) => onClock.some((b) => b.at(t) !== undefined));
    const complete =
      states.length > 0 && wanted.every((t) => onClock.every((b) => b.at(t) !== undefined));
    const runs = onClock.map((b) => b.run).filter((r): r is number => r !== null);
    const bandAt = new Map(onClock.map((b) => [b.band, b.at]));
    return {
      source: replay ? 'replay' : 'upstream',
      run: runs.length ? Math.min(...runs) : 0,
      ...(replay && { replayOf: { run: replay.run, shiftMs } }),
      hours,
      complete,
      versionKey: `${states.map(([b, st]) => `${b}.${st.version}`).join(',')}|${shiftMs}|${hours[0] ?? 0}`,
      layer: (tile, layer) => tileLayer(tile, layer, hours, (band, t) => bandAt.get(band)?.(t)),
    };
  }
}
