import { DEFAULT_PREFERENCES } from '../../core/model.ts';
import type { AnonymousEdits } from '../preferences/anonymousEdits.ts';
import { columnsFromPatch, PREFERENCE_COLUMNS, type PreferenceColumns } from './preferencesRow.ts';

const DEFAULT_COLUMNS = columnsFromPatch(DEFAULT_PREFERENCES) as PreferenceColumns;

export interface SignInMergeInput {
  /** The anonymous document of this device (null when the anonymous user never saved anything). */
  anonymous: Partial<PreferenceColumns> | null;
  /** When the anonymous user chose each column on this device. */
  edits: AnonymousEdits;
  /** The profile's columns as just pulled (null: the profile has no row yet). */
  profile: Partial<PreferenceColumns> | null;
  /** The profile row's `_modified` in epoch ms (null when unknown). */
  profileModifiedAt: number | null;
}

/**
 * The sign-in conflict policy (sync/CONTEXT.md, "Signing in"), pure. Per preference:
 * - a preference the anonymous user never chose on this device: the profile's value stays;
 * - one they chose: it goes into the profile when the profile has no choice of its own for it
 *   (null, or still the default — as on a profile created at sign-up) or when the choice is newer
 *   than the profile's last change; otherwise the profile's value stays (it is the newer choice).
 * Returns the columns to write into the profile (empty: nothing to change).
 */
export function mergeAnonymousIntoProfile(input: SignInMergeInput): Partial<PreferenceColumns> {
  const patch: Partial<PreferenceColumns> = {};
  if (!input.anonymous) return patch;
  for (const column of PREFERENCE_COLUMNS) {
    const editedAt = input.edits[column];
    const mine = input.anonymous[column];
    if (editedAt === undefined || mine === null || mine === undefined) continue;
    const theirs = input.profile?.[column] ?? null;
    const profileHasNoChoice = theirs === null || theirs === DEFAULT_COLUMNS[column];
    const mineIsNewer = input.profileModifiedAt === null || editedAt > input.profileModifiedAt;
    if ((profileHasNoChoice || mineIsNewer) && theirs !== mine)
      (patch as Record<string, unknown>)[column] = mine;
  }
  return patch;
}
