/**
 * What the map draws before RxDB: on a reload, the newest grid and the map's choices kept in the
 * one-record store (sync/grids/newestGridRecord.ts), read once when the map page's code loads; on
 * a first visit (nothing kept), the grid the poller worker fetches and hands over before it loads
 * RxDB (workers/poller/firstGrid.ts, sync/grids/handedGrid.ts). With a grid to draw, the page's
 * database waits until that oval is drawn (or the shell's 5 s, src/app/afterFirstOval.ts): RxDB's
 * chunks and its open then come after the first oval. Without one, RxDB opens at once as before.
 */
import {
  readEarlyMapRecord,
  type EarlyMapRecord,
  keepMapHome,
  roundHome,
  type MapHome,
} from '../../../sync/grids/newestGridRecord.ts';
import { firstHandedGrid } from '../../../sync/grids/handedGrid.ts';
import { holdPageDatabase } from '../../../sync/pageDatabase.ts';
import { afterFirstOval, browserOvalTiming } from '../../app/afterFirstOval.ts';
import { mapChoicesFrom, type MapChoices } from './mapPageData.ts';

/**
 * The longest wait for the worker's grid: the worker starts on idle after the first paint (within
 * 2 s, src/app/dataServices.ts) and asks once; past this the page takes the path through RxDB.
 */
const HANDED_GRID_WAIT_MS = 5000;

let record: Promise<EarlyMapRecord> | null = null;

/** The worker's grid, or null: offline (the worker then starts late and fetches nothing) or too late. */
function handedGrid(online: boolean): Promise<EarlyMapRecord['newest']> {
  if (!online || typeof Worker === 'undefined') return Promise.resolve(null);
  return Promise.race([
    firstHandedGrid().then((grid) => grid && { grid, fetchedAt: Date.now(), source: null }),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), HANDED_GRID_WAIT_MS)),
  ]);
}
let choices: MapChoices | null = null;
let home: MapHome | null = null;
/**
 * `home` is what the record holds: read from it, or kept since (then a record read late must not
 * bring back the older place).
 */
let homeKnown = false;

/** Reads the record (once) and holds the page's database behind the oval when it has a grid. */
export function earlyMapRecord(now = Date.now()): Promise<EarlyMapRecord> {
  if (record) return record;
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  record = readEarlyMapRecord(now).then(async (r) => {
    choices = mapChoicesFrom(r.choices);
    if (!homeKnown) home = r.home;
    homeKnown = true;
    return r.newest ? r : { ...r, newest: await handedGrid(online) };
  });
  holdPageDatabase(
    record.then((r) =>
      r.newest
        ? new Promise<void>((resolve) => afterFirstOval(resolve, browserOvalTiming))
        : undefined,
    ),
  );
  return record;
}

/** The kept map choices once the record is read (null before, or when none were kept). */
export function earlyMapChoices(): MapChoices | null {
  return choices;
}

/** The place the map last opened on, once the record is read (null before, or when none). */
export function earlyMapHome(): MapHome | null {
  return home;
}

/** Keeps the place the map opens on next time (a write only when it moved by 0.1° or more). */
export function keepEarlyMapHome(place: MapHome | null): void {
  const rounded = place && roundHome(place);
  if (
    homeKnown &&
    (rounded === null || home === null
      ? rounded === home
      : rounded.lat === home.lat && rounded.lon === home.lon)
  )
    return;
  homeKnown = true;
  home = rounded;
  void keepMapHome(rounded);
}
