import type { Subscription } from 'rxjs';
import type { AuroraDatabase } from '../database.ts';
import { getPageDatabase } from '../pageDatabase.ts';
import type { GridSnapshot } from '../../core/model.ts';
import type { GridDoc } from '../schemas/grids.ts';
import { gridDecoder } from './gridCodec.ts';

const HOUR = 3_600_000;

/**
 * How far back each attempt looks, narrowest first. RxDB answers "newest first" on our ascending
 * index by reading every matching document (~87 KB each) and sorting: with a day of grids stored
 * (~288) that took ~200 ms. A lower bound on observationTime makes it read only that range, and
 * polling keeps the newest grid within the last hour. Older than a day, retention has left only
 * the newest grid (sync/retention.ts), so the unbounded last attempt reads one document.
 */
const LATEST_GRID_WINDOWS_MS: readonly number[] = [HOUR, 24 * HOUR, Number.POSITIVE_INFINITY];

/** The newest stored grid document, looked for in widening windows (see LATEST_GRID_WINDOWS_MS). */
export async function findNewestGridDoc(db: AuroraDatabase, now: number) {
  for (const window of LATEST_GRID_WINDOWS_MS) {
    const selector = Number.isFinite(window) ? { observationTime: { $gte: now - window } } : {};
    const doc = await db.grids.findOne({ selector, sort: [{ observationTime: 'desc' }] }).exec();
    if (doc) return doc;
  }
  return null;
}

/** What the source says: the newest grid (null: none stored), loading until the first read answered. */
interface NewestGridState {
  grid: GridSnapshot | null;
  isLoading: boolean;
  error: Error | null;
}

export interface NewestGridSource {
  /** The state now; the same object until something changes (for useSyncExternalStore). */
  get(): NewestGridState;
  /** Starts the read (once: later calls join it) and tells `listener` of every change. */
  subscribe(listener: () => void): () => void;
  /** Starts the read without listening: the map page calls it as soon as its code is evaluated. */
  start(): void;
  /** Ends the live query (a test's database, a provider's unmount); the page's source never stops. */
  stop(): void;
}

export interface NewestGridOptions {
  now?: () => number;
  /** Told when the database is open and when the first grid is read (the page's timing marks). */
  onOpen?: () => void;
  onFirstRead?: () => void;
  /**
   * A grid to show before the database opens (the page: the one-record store,
   * newestGridRecord.ts), null when there is none to trust. It becomes the source's first value;
   * the database's newest grid follows and replaces it only if it differs (a newer frame).
   */
  early?: () => Promise<GridSnapshot | null>;
}

/** The same frame with the same values: the early grid stays the object the map already drew. */
function sameGrid(a: GridSnapshot, b: GridSnapshot): boolean {
  if (a.observationTime !== b.observationTime || a.forecastTime !== b.forecastTime) return false;
  const x = a.values;
  const y = b.values;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

const LOADING: NewestGridState = { grid: null, isLoading: true, error: null };

/**
 * The one source of the newest decoded grid (however old: offline, the last known oval is still
 * the answer). Started early — the map page starts it when its code is evaluated, before React
 * mounts — it opens the database and reads the newest grid once, in widening windows; then it
 * follows a live query bounded below by that grid's time, which reads one document and still
 * matches every newer grid. Every listener shares the one read and the one subscription, and one
 * decoder keyed by document revision: the live query's first answer (the same document) is the
 * same object, so nothing draws the same oval twice. The subscription stays for the page's life:
 * one bounded query, re-run only when a grid is written.
 */
export function createNewestGridSource(
  open: () => Promise<AuroraDatabase>,
  options: NewestGridOptions = {},
): NewestGridSource {
  const now = options.now ?? Date.now;
  const decode = gridDecoder(1);
  const listeners = new Set<() => void>();
  let state = LOADING;
  let started = false;
  // Bumped by stop(): a read still under way from before then must not subscribe.
  let generation = 0;
  let live: Subscription | null = null;

  const set = (next: NewestGridState) => {
    if (
      next.grid === state.grid &&
      next.isLoading === state.isLoading &&
      next.error === state.error
    )
      return;
    state = next;
    for (const l of listeners) l();
  };
  const fail = (e: unknown) =>
    set({
      grid: state.grid,
      isLoading: false,
      error: e instanceof Error ? e : new Error(String(e)),
    });
  let early: GridSnapshot | null = null;
  const show = (doc: { primary: string; revision: string; _data: GridDoc } | null) => {
    const grid = doc ? decode(doc) : null;
    // Once the database has answered with another frame, the early grid is done with. None is not
    // another frame: on a first visit the worker writes the grid it handed over a moment after the
    // page's database opens, and dropping the early grid then blanked the oval until it did.
    if (early && grid && !sameGrid(grid, early)) early = null;
    set({ grid: early ?? grid, isLoading: false, error: null });
  };

  const run = async (gen: number) => {
    const stopped = () => gen !== generation;
    const first = options.early ? await options.early().catch(() => null) : null;
    if (stopped()) return;
    if (first) {
      early = first;
      set({ grid: first, isLoading: false, error: null });
    }
    const db = await open();
    options.onOpen?.();
    const newest = await findNewestGridDoc(db, now());
    if (stopped()) return;
    show(newest);
    options.onFirstRead?.();
    if (stopped() || db.closed) return;
    live = db.grids
      .findOne({
        selector: newest ? { observationTime: { $gte: newest.observationTime } } : {},
        sort: [{ observationTime: 'desc' }],
      })
      .$.subscribe({ next: show, error: fail });
  };

  const start = () => {
    if (started) return;
    started = true;
    const gen = generation;
    run(gen).catch((e: unknown) => gen === generation && fail(e));
  };

  return {
    get: () => state,
    start,
    stop() {
      generation += 1;
      started = false;
      live?.unsubscribe();
      live = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let page: NewestGridSource | null = null;

/**
 * The page's source, on the page's database (`getPageDatabase()`, loaded on demand); the first
 * caller's options hold (the map page's module: its timing marks and its early grid). Tests and the debug pages wrap their components in a
 * DatabaseProvider, and the hook then makes a source of that database.
 */
export function pageNewestGrid(options?: NewestGridOptions): NewestGridSource {
  page ??= createNewestGridSource(() => getPageDatabase(), options);
  return page;
}
