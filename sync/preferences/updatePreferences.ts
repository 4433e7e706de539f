import type { AuroraDatabase } from '../database.ts';
import type { Preferences } from '../../core/model.ts';
import {
  columnsFromPatch,
  preferencesFromDoc,
  type PreferenceColumn,
} from '../replication/preferencesRow.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import { preferencesDocId } from './activeUser.ts';
import { recordAnonymousEdits } from './anonymousEdits.ts';

/** The preferences a user sees (defaults where nothing is stored). */
export async function readPreferences(
  db: AuroraDatabase,
  userId: string | null,
): Promise<Preferences> {
  const doc = await db.preferences.findOne(preferencesDocId(userId)).exec();
  return preferencesFromDoc(doc?._data);
}

/**
 * Apply a UI patch to one user's document. Only the changed columns are written: an untouched
 * column stays as it was (null = never set), which is what the conflict and sign-in policies
 * reason about. Anonymous edits also record their time for the sign-in merge.
 */
export async function updatePreferences(
  db: AuroraDatabase,
  userId: string | null,
  patch: Partial<Preferences>,
  now: number,
): Promise<void> {
  const columns = columnsFromPatch(patch);
  const changed = Object.keys(columns) as PreferenceColumn[];
  if (changed.length === 0) return;
  const id = preferencesDocId(userId);
  const existing = await db.preferences.findOne(id).exec();
  if (existing) {
    await existing.incrementalPatch(columns);
  } else {
    const fresh: PreferencesDoc = {
      id,
      default_map_view: null,
      default_map_style: null,
      show_aurora_on_load: null,
      show_clouds_on_load: null,
      ...columns,
    };
    const { error } = await db.preferences.bulkInsert([fresh]);
    // Another tab created it first: patch theirs.
    if (error.length > 0)
      await (await db.preferences.findOne(id).exec())?.incrementalPatch(columns);
  }
  if (userId === null) await recordAnonymousEdits(db, changed, now);
}
