import type { AuroraDatabase } from '../database.ts';
import type { Preferences } from '../../core/model.ts';
import {
  columnsFromPatch,
  preferencesFromDoc,
  type PreferenceColumn,
} from '../replication/preferencesRow.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import { isQuotaError } from '../storage/isQuotaError.ts';
import { preferencesDocId } from './activeUser.ts';
import { recordAnonymousEdits } from './anonymousEdits.ts';
import {
  forgetUnsaved,
  pushUnsaved,
  rememberUnsaved,
  unsavedColumns,
  type PreferenceSave,
} from './unsavedPreferences.ts';

/** The preferences a user sees (defaults where nothing is stored). */
export async function readPreferences(
  db: AuroraDatabase,
  userId: string | null,
): Promise<Preferences> {
  const doc = await db.preferences.findOne(preferencesDocId(userId)).exec();
  return preferencesFromDoc(doc?._data);
}

/** Writes the columns into one user's document, creating it if needed. */
async function writeColumns(
  db: AuroraDatabase,
  id: string,
  columns: Partial<PreferencesDoc>,
): Promise<void> {
  const existing = await db.preferences.findOne(id).exec();
  if (existing) {
    await existing.incrementalPatch(columns);
    return;
  }
  const fresh: PreferencesDoc = {
    id,
    default_map_view: null,
    default_map_style: null,
    show_aurora_on_load: null,
    show_clouds_on_load: null,
    ...columns,
  };
  const { error } = await db.preferences.bulkInsert([fresh]);
  if (error.length === 0) return;
  // Another tab created it first: patch theirs. Anything else (storage full) is the write's failure.
  const theirs = await db.preferences.findOne(id).exec();
  if (!theirs) throw error[0];
  await theirs.incrementalPatch(columns);
}

/**
 * Apply a UI patch to one user's document. Only the changed columns are written: an untouched
 * column stays as it was (null = never set), which is what the conflict and sign-in policies
 * reason about. Anonymous edits also record their time for the sign-in merge.
 *
 * Storage full: old data is evicted first (sync/retention.ts evictForSpace: old grids and series,
 * never preferences) and the write tried again. If it still cannot be stored, the change is kept
 * in memory and shown (unsavedPreferences.ts), and a signed-in user's goes to their profile
 * directly; the result says which, for the page to say in words. Never rejects for a full storage.
 */
export async function updatePreferences(
  db: AuroraDatabase,
  userId: string | null,
  patch: Partial<Preferences>,
  now: number,
): Promise<PreferenceSave> {
  const id = preferencesDocId(userId);
  // Changes that could not be stored before go along, so the document catches up with what is shown.
  const columns = { ...unsavedColumns(id), ...columnsFromPatch(patch) };
  const changed = Object.keys(columns) as PreferenceColumn[];
  if (changed.length === 0) return { stored: true };
  try {
    await writeColumns(db, id, columns);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    if (!(await storedAfterEviction(db, id, columns))) {
      rememberUnsaved(id, columns);
      return { stored: false, account: userId === null ? null : await pushUnsaved(userId) };
    }
  }
  forgetUnsaved(id, changed);
  if (userId === null) {
    // The sign-in merge's times: without them these choices count as older than the profile's.
    await recordAnonymousEdits(db, changed, now).catch((e: unknown) => {
      if (!isQuotaError(e)) throw e;
    });
  }
  return { stored: true };
}

async function storedAfterEviction(
  db: AuroraDatabase,
  id: string,
  columns: Partial<PreferencesDoc>,
): Promise<boolean> {
  try {
    // Loaded only here: a full device is rare, and `/` does not need the retention code.
    const { evictForSpace } = await import('../retention.ts');
    await evictForSpace(db);
    await writeColumns(db, id, columns);
    return true;
  } catch (error) {
    // A device already past its quota refuses even the deletions' tombstones.
    if (isQuotaError(error)) return false;
    throw error;
  }
}
