/**
 * The newest OVATION grid kept a second time, in a tiny IndexedDB database of its own (one record,
 * on `idb`), so an offline reload can draw the last oval before RxDB has loaded or opened: opening
 * RxDB's eight IndexedDB databases was the step that dominated `map.offlineOvalMs90d` (341 of
 * 384 ms). The poller worker writes it beside every RxDB grid write (workers/poller/store.ts); the
 * page reads it first (sync/grids/newestGrid.ts) and the RxDB read that follows stays the
 * authority: a newer stored grid replaces this one at once. The record carries its own times, so
 * the map shows the same age and frame labels as from RxDB.
 *
 * The same small database holds the map's stored choices (view, style, layers, hemisphere) as the
 * page last read them from RxDB, so the early oval is drawn in the user's view, not the default;
 * and the place the map last opened on (the place in use, to 0.1°), so a user in the south opens
 * on the southern oval and a globe turned to their longitude, not on the north until RxDB answers.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../../core/grid/grid.ts';
import type { GridSnapshot } from '../../core/model.ts';

/** Bumped when the record's shape changes: a record of another version is ignored, never read. */
const RECORD_VERSION = 1;
const STORE = 'newest';
const GRID_KEY = 'grid';
const CHOICES_KEY = 'map-choices';
const HOME_KEY = 'map-home';
/**
 * How far past the reader's clock a record's observation time may be before it is not trusted:
 * the normalisers' clock-skew allowance for observation times (workers/CONTEXT.md, "No time
 * beyond a product's lead": 10 min).
 */
const CLOCK_SKEW_MS = 10 * 60_000;
/** OVATION's forecast lead (the same rule: a forecast time at most 100 min after observation). */
const FORECAST_LEAD_MS = 100 * 60_000;

interface RecordSchema extends DBSchema {
  [STORE]: { key: string; value: unknown };
}

/** The newest grid with the times the map labels it by. */
export interface NewestGridRecord {
  grid: GridSnapshot;
  fetchedAt: number;
  source: string | null;
}

/** The name of the small database beside an RxDB database (the page's: `aurora`). */
export function newestGridDbName(databaseName = 'aurora'): string {
  return `${databaseName}-newest-grid`;
}

function open(databaseName?: string): Promise<IDBPDatabase<RecordSchema>> {
  return openDB<RecordSchema>(newestGridDbName(databaseName), 1, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    },
  });
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * A stored value → the record, or null when it is not one this code wrote (another version, a
 * damaged or partial value) or its times cannot be right (observed in the future beyond the clock
 * skew, a forecast time before the observation or beyond OVATION's lead): the caller then takes
 * today's path through RxDB.
 */
export function parseNewestGridRecord(value: unknown, now: number): NewestGridRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (r.v !== RECORD_VERSION) return null;
  const { observationTime, forecastTime, fetchedAt, source, values } = r;
  if (!finite(observationTime) || !finite(forecastTime) || !finite(fetchedAt)) return null;
  if (source !== null && typeof source !== 'string') return null;
  if (!(values instanceof Uint8Array) || values.length !== GRID_CELLS) return null;
  if (observationTime > now + CLOCK_SKEW_MS) return null;
  if (forecastTime < observationTime || forecastTime - observationTime > FORECAST_LEAD_MS)
    return null;
  // Probabilities are 0–100 (core/model.ts GridSnapshot): anything else is a damaged record.
  for (let i = 0; i < values.length; i++) if (values[i]! > 100) return null;
  return {
    grid: { observationTime, forecastTime, width: GRID_WIDTH, height: GRID_HEIGHT, values },
    fetchedAt,
    source,
  };
}

/**
 * Keeps `grid` as the newest grid unless the record already holds a newer one (the worker may
 * write an older frame after a newer one: a backfill, a late answer). Never throws: without the
 * record the page takes today's path.
 */
export async function keepNewestGridRecord(
  grid: GridSnapshot,
  meta: { fetchedAt: number; source?: string | null },
  databaseName?: string,
): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const db = await open(databaseName);
    try {
      const tx = db.transaction(STORE, 'readwrite');
      // Only a record the page would read holds its place: a damaged one, or one dated in the
      // future past the clock skew, is replaced rather than blocking every newer frame.
      const held = parseNewestGridRecord(await tx.store.get(GRID_KEY), meta.fetchedAt);
      const heldTime = held?.grid.observationTime ?? Number.NEGATIVE_INFINITY;
      if (grid.observationTime >= heldTime)
        await tx.store.put(
          {
            v: RECORD_VERSION,
            observationTime: grid.observationTime,
            forecastTime: grid.forecastTime,
            fetchedAt: meta.fetchedAt,
            source: meta.source ?? null,
            values: grid.values,
          },
          GRID_KEY,
        );
      await tx.done;
    } finally {
      db.close();
    }
  } catch {
    // Storage full or refused: the RxDB copy is what counts; the next write tries again.
  }
}

/** What the page reads before RxDB: the kept newest grid, the map's choices and home, in one open. */
export interface EarlyMapRecord {
  /** Null: none, unreadable, or not to be trusted (see the parser). */
  newest: NewestGridRecord | null;
  choices: Record<string, unknown> | null;
  /** The place the map last opened on; null when it had none, or nothing readable is kept. */
  home: MapHome | null;
}

/** A place to open the map on, to 0.1° (what the map's opening view is keyed by). */
export interface MapHome {
  lat: number;
  lon: number;
}

const NOTHING: EarlyMapRecord = { newest: null, choices: null, home: null };

/** A kept home → the place, or null when it is none or not a place on Earth. */
export function parseMapHome(value: unknown): MapHome | null {
  const v = value as { v?: unknown; home?: { lat?: unknown; lon?: unknown } | null } | undefined;
  if (v?.v !== RECORD_VERSION || typeof v.home !== 'object' || v.home === null) return null;
  const { lat, lon } = v.home;
  if (!finite(lat) || !finite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

function parseChoices(value: unknown): Record<string, unknown> | null {
  const v = value as { v?: unknown; choices?: unknown } | undefined;
  return v?.v === RECORD_VERSION && typeof v.choices === 'object' && v.choices !== null
    ? (v.choices as Record<string, unknown>)
    : null;
}

export async function readEarlyMapRecord(
  now: number,
  databaseName?: string,
): Promise<EarlyMapRecord> {
  if (!hasIndexedDb()) return NOTHING;
  try {
    const db = await open(databaseName);
    try {
      const tx = db.transaction(STORE, 'readonly');
      const [grid, choices, home] = await Promise.all([
        tx.store.get(GRID_KEY),
        tx.store.get(CHOICES_KEY),
        tx.store.get(HOME_KEY),
      ]);
      return {
        newest: parseNewestGridRecord(grid, now),
        choices: parseChoices(choices),
        home: parseMapHome(home),
      };
    } finally {
      db.close();
    }
  } catch {
    return NOTHING;
  }
}

/** The map's stored choices as the page last read them (values as stored: the page checks them). */
export function keepMapChoices(
  choices: Record<string, unknown>,
  databaseName?: string,
): Promise<void> {
  // Not kept: the next reload draws its early oval in the default view until RxDB answers.
  return putRecord(CHOICES_KEY, { choices }, databaseName);
}

/**
 * The place the map opened on, once the page knows it (null: none — a place forgotten is
 * forgotten here too). Rounded to 0.1°, as the map keys its opening view.
 */
export function keepMapHome(home: MapHome | null, databaseName?: string): Promise<void> {
  const rounded = home && roundHome(home);
  // Not kept: the next reload opens on the north until RxDB answers, as without it.
  return putRecord(HOME_KEY, { home: rounded }, databaseName);
}

/** A place to 0.1°, as it is kept (and as the map keys its opening view). */
export function roundHome(home: MapHome): MapHome {
  return { lat: Math.round(home.lat * 10) / 10, lon: Math.round(home.lon * 10) / 10 };
}

/** One record of this version under `key`; never throws (what is not kept is only slower). */
async function putRecord(
  key: string,
  value: Record<string, unknown>,
  databaseName?: string,
): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const db = await open(databaseName);
    try {
      await db.put(STORE, { v: RECORD_VERSION, ...value }, key);
    } finally {
      db.close();
    }
  } catch {
    // Storage refused or full: see the callers for what that costs.
  }
}
