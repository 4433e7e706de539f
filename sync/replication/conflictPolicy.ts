import type { RxConflictHandler, WithDeleted } from 'rxdb';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import {
  PREFERENCE_COLUMNS,
  projectPreferencesRow,
  samePreferenceColumns,
} from './preferencesRow.ts';

type Doc = WithDeleted<PreferencesDoc>;

/**
 * Three-way, field-level merge for a push that lost the race (sync/CONTEXT.md, "Conflicts"):
 * a field this device changed since it last saw the server (new ≠ assumed) keeps this device's
 * value; every other field takes the server's. Two devices that edited different fields offline
 * therefore both keep their edits; when both edited the same field, the device whose write reaches
 * the server last wins that field.
 */
export function mergePreferencesConflict(input: {
  assumedMasterState?: Partial<Doc> | undefined;
  realMasterState: Partial<Doc>;
  newDocumentState: Partial<Doc>;
}): Doc {
  const master = projectPreferencesRow(input.realMasterState);
  const mine = projectPreferencesRow(input.newDocumentState);
  const base = input.assumedMasterState ? projectPreferencesRow(input.assumedMasterState) : null;
  const out: Doc = { ...master };
  for (const column of PREFERENCE_COLUMNS) {
    const changedHere = base === null ? mine[column] !== null : mine[column] !== base[column];
    if (changedHere) (out as unknown as Record<string, unknown>)[column] = mine[column];
  }
  return out;
}

export const preferencesConflictHandler: RxConflictHandler<PreferencesDoc> = {
  isEqual(a, b) {
    return a._deleted === b._deleted && samePreferenceColumns(a, b);
  },
  resolve(input) {
    return Promise.resolve(mergePreferencesConflict(input));
  },
};
