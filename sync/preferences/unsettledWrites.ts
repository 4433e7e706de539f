import type { AuroraDatabase } from '../database.ts';
import type { Preferences } from '../../core/model.ts';
import { preferencesDocId } from './activeUser.ts';
import {
  deviceChoicesFrom,
  deviceChoicesLastWrite,
  updateDeviceChoices,
  type DeviceChoices,
} from './deviceChoices.ts';
import { updatePreferences } from './updatePreferences.ts';

/**
 * A write-ahead note of each map choice, so that one made in the moment before the app is closed
 * or reloaded is not lost.
 *
 * A preference write is several IndexedDB round trips (read the document, write it, commit). A
 * page closed or reloaded meanwhile is gone before the transaction commits, and Chromium aborts
 * it: the choice was on screen and is not there next time (tests/e2e/choiceBeforeClose.spec.ts
 * shows it). localStorage is written synchronously, in the click's own task, so before anything
 * can close the page:
 * - `noteUnsettledWrite` keeps the change under a key of this page's (`<prefix><page>:<n>`) and
 *   holds the Web Lock `<lock prefix><page>` while any note of this page is unsettled; the
 *   returned `settle` removes the note once the write is done (stored, or failed and told).
 * - `replayUnsettledWrites`, run by the first `usePreferences` of a later page once its database
 *   is open (sync/react/usePreferences.ts), writes the notes of pages that are gone: for each other page it takes that page's lock, which it gets only once
 *   that page has settled its notes or is gone (a page's locks are released when it goes). A
 *   note is written only if its document was not written after it was made (`_meta.lwt`): a
 *   later choice, from any tab or device, is never undone by an older one. A signed-in user's
 *   note needs their document: once they have signed out (or deleted the account) it is dropped.
 * Each page holds its lock only while it has a note: a lock held for the page's lifetime would
 * keep it out of the back/forward cache.
 */
export type UnsettledWrite =
  | { kind: 'preferences'; userId: string | null; patch: Partial<Preferences>; at: number }
  | { kind: 'device'; patch: Partial<DeviceChoices>; at: number };

export interface UnsettledEnv {
  /** localStorage (typed here: the worker's build has no DOM types). */
  storage: {
    readonly length: number;
    key(index: number): string | null;
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  } | null;
  locks: Pick<LockManager, 'request'> | null;
  /** This page's id: its notes and its lock carry it. */
  page: string;
}

export const NOTE_PREFIX = 'aurora-unsettled-write:';
const LOCK_PREFIX = 'aurora-unsettled-writes:';

/** Anything stored under a note's key, checked field by field; null when it is not a note. */
export function unsettledWriteFrom(raw: unknown): UnsettledWrite | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.at !== 'number' || !Number.isFinite(r.at)) return null;
  if (!r.patch || typeof r.patch !== 'object') return null;
  const p = r.patch as Record<string, unknown>;
  if (r.kind === 'preferences') {
    if (r.userId !== null && typeof r.userId !== 'string') return null;
    const patch: Partial<Preferences> = {};
    if (p.defaultMapView === '3d' || p.defaultMapView === 'flat')
      patch.defaultMapView = p.defaultMapView;
    if (typeof p.defaultMapStyle === 'string' && p.defaultMapStyle.length <= 64)
      patch.defaultMapStyle = p.defaultMapStyle;
    if (typeof p.showAuroraOnLoad === 'boolean') patch.showAuroraOnLoad = p.showAuroraOnLoad;
    if (typeof p.showCloudsOnLoad === 'boolean') patch.showCloudsOnLoad = p.showCloudsOnLoad;
    return Object.keys(patch).length === 0
      ? null
      : { kind: 'preferences', userId: r.userId, patch, at: r.at };
  }
  if (r.kind === 'device') {
    // Only the choices the note carries: a missing one must not be written as "never chosen".
    const checked = deviceChoicesFrom(p);
    const patch: Partial<DeviceChoices> = {};
    if ('hemisphere' in p && checked.hemisphere) patch.hemisphere = checked.hemisphere;
    if ('location' in p && checked.location) patch.location = checked.location;
    if ('chartTime' in p && checked.chartTime) patch.chartTime = checked.chartTime;
    return Object.keys(patch).length === 0 ? null : { kind: 'device', patch, at: r.at };
  }
  return null;
}

/** Whether a note is older than the document's last write (then that write wins). */
export function noteIsStale(note: Pick<UnsettledWrite, 'at'>, lastWrite: number | null): boolean {
  return lastWrite !== null && lastWrite >= note.at;
}

function browserEnv(): UnsettledEnv {
  let storage: UnsettledEnv['storage'] = null;
  try {
    storage = (globalThis as { localStorage?: UnsettledEnv['storage'] }).localStorage ?? null;
  } catch {
    // A browser that refuses storage to this page: no notes, the writes go on as before.
  }
  const locks =
    (globalThis as { navigator?: { locks?: UnsettledEnv['locks'] } }).navigator?.locks ?? null;
  const page = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return { storage, locks, page };
}

/** One page's notes: what it has not settled, and its lock while it has any. */
export interface UnsettledWrites {
  /** Notes a change before it is written; call the result once the write is done. */
  note(write: UnsettledWrite): () => void;
  /**
   * Writes the notes that pages gone before their writes committed left behind. Resolves with
   * how many it wrote once every other page's notes are settled or written; a page still open
   * with a write in progress is waited for.
   */
  replay(db: AuroraDatabase): Promise<number>;
}

export function createUnsettledWrites(e: UnsettledEnv): UnsettledWrites {
  let seq = 0;
  /** This page's notes not yet settled (keys). */
  const open = new Set<string>();
  /** Lets go of this page's lock once it has no note (null: not held or not asked for). */
  let releaseLock: (() => void) | null = null;

  function holdLockWhileOpen(): void {
    if (!e.locks || releaseLock) return;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    releaseLock = release;
    // Asked for before the note is written, so a page that sees the note queues behind this one.
    e.locks.request(`${LOCK_PREFIX}${e.page}`, () => released).catch(() => undefined);
  }

  function letGoIfSettled(): void {
    if (open.size > 0 || !releaseLock) return;
    const release = releaseLock;
    releaseLock = null;
    release();
  }

  return {
    note(write) {
      const storage = e.storage;
      if (!storage) return () => undefined;
      const key = `${NOTE_PREFIX}${e.page}:${++seq}`;
      holdLockWhileOpen();
      try {
        storage.setItem(key, JSON.stringify(write));
      } catch {
        // localStorage full or refused: this change has no note (the write itself goes on).
        letGoIfSettled();
        return () => undefined;
      }
      open.add(key);
      return () => {
        if (!open.delete(key)) return;
        try {
          storage.removeItem(key);
        } finally {
          letGoIfSettled();
        }
      };
    },
    async replay(db) {
      const storage = e.storage;
      if (!storage) return 0;
      const pages = [...notesByPage(storage, e.page).keys()];
      const counts = await Promise.all(
        pages.map((page) =>
          e.locks
            ? e.locks.request(`${LOCK_PREFIX}${page}`, () => replayPage(db, storage, page, e.page))
            : replayPage(db, storage, page, e.page),
        ),
      );
      return counts.reduce((x, y) => x + y, 0);
    },
  };
}

let pageNotes: UnsettledWrites | null = null;
const page = (): UnsettledWrites => (pageNotes ??= createUnsettledWrites(browserEnv()));

/** This page's note of a change (see `UnsettledWrites.note`). */
export const noteUnsettledWrite = (write: UnsettledWrite): (() => void) => page().note(write);

/** This page's replay of gone pages' notes (see `UnsettledWrites.replay`). */
export const replayUnsettledWrites = (db: AuroraDatabase): Promise<number> => page().replay(db);

/** Other pages' note keys, by page, in the order they were made. */
function notesByPage(
  storage: NonNullable<UnsettledEnv['storage']>,
  ownPage: string,
): Map<string, string[]> {
  const byPage = new Map<string, { key: string; n: number }[]>();
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(NOTE_PREFIX)) continue;
    const rest = key.slice(NOTE_PREFIX.length);
    const cut = rest.lastIndexOf(':');
    const page = rest.slice(0, cut);
    if (cut <= 0 || page === ownPage) continue;
    const list = byPage.get(page) ?? [];
    list.push({ key, n: Number(rest.slice(cut + 1)) });
    byPage.set(page, list);
  }
  return new Map(
    [...byPage].map(([page, list]) => [page, list.sort((a, b) => a.n - b.n).map((x) => x.key)]),
  );
}

/** The last write time of the document a note is for; undefined when the note must be dropped. */
async function lastWriteOf(
  db: AuroraDatabase,
  note: UnsettledWrite,
): Promise<number | null | undefined> {
  if (note.kind === 'device') return deviceChoicesLastWrite(db);
  const doc = await db.preferences.findOne(preferencesDocId(note.userId)).exec();
  // A user's document is gone once they signed out or deleted the account: not theirs to revive.
  if (!doc) return note.userId === null ? null : undefined;
  return doc._data._meta.lwt;
}

/** Which document a note is for (its last write is read once per page replayed). */
const documentOf = (note: UnsettledWrite): string =>
  note.kind === 'device' ? 'device' : `preferences:${preferencesDocId(note.userId)}`;

/**
 * Writes one note unless it is stale or no longer anyone's; whether it was written. `lastWrites`
 * holds each document's last write as it was before this replay: the replay's own writes must not
 * make the page's later notes look older than them.
 */
async function writeNote(
  db: AuroraDatabase,
  note: UnsettledWrite,
  lastWrites: Map<string, number | null | undefined>,
): Promise<boolean> {
  const doc = documentOf(note);
  if (!lastWrites.has(doc)) lastWrites.set(doc, await lastWriteOf(db, note));
  const lastWrite = lastWrites.get(doc);
  if (lastWrite === undefined || noteIsStale(note, lastWrite)) return false;
  if (note.kind === 'device') await updateDeviceChoices(db, note.patch);
  else await updatePreferences(db, note.userId, note.patch, note.at);
  return true;
}

/** One gone page's notes, in order; each removed once written (or found not to be written). */
async function replayPage(
  db: AuroraDatabase,
  storage: NonNullable<UnsettledEnv['storage']>,
  page: string,
  ownPage: string,
): Promise<number> {
  let written = 0;
  const lastWrites = new Map<string, number | null | undefined>();
  for (const key of notesByPage(storage, ownPage).get(page) ?? []) {
    const raw = storage.getItem(key);
    let note: UnsettledWrite | null = null;
    try {
      note = unsettledWriteFrom(raw === null ? null : JSON.parse(raw));
    } catch {
      // Not JSON: not a note of ours to write.
    }
    if (note && (await writeNote(db, note, lastWrites))) written++;
    storage.removeItem(key);
  }
  return written;
}
