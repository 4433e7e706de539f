import type { RxConflictHandler, WithDeleted } from 'rxdb';
import type { NightDoc } from '../schemas/nights.ts';
import type { PlaceDoc } from '../schemas/places.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import { nightFromRow } from './nightFromRow.ts';
import { placeFromRow } from './placeFromRow.ts';
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

/**
 * Places and nights: the account's row wins a push that lost the race (RxDB's default rule), as
 * the document has it. replication-supabase answers such a push with the row as PostgREST returns
 * it (its `fetchById`), and RxDB passes a push's conflicts on without the pull's `modifier`
 * (rxdb/plugins/replication `masterWrite` only renames the deleted field): resolved as is, the
 * row's `user_id` went into a document whose schema has no such field. Under dev-mode's
 * validation the write was refused and the device kept its old state for good — its pull had
 * already moved past the row, skipped while the unanswered push was pending — and in production
 * the field was stored. Both sides are compared as documents, so a stored assumed state that came
 * from such a row still matches the document it became.
 */
function accountRowWins<T>(
  fromRow: (row: Record<string, unknown>) => WithDeleted<T>,
): RxConflictHandler<T> {
  const asDoc = (d: WithDeleted<T>) => fromRow(d as unknown as Record<string, unknown>);
  return {
    isEqual(a, b) {
      const x = asDoc(a) as Record<string, unknown>;
      const y = asDoc(b) as Record<string, unknown>;
      return Object.keys(x).every((k) => x[k] === y[k]);
    },
    resolve(input) {
      return Promise.resolve(asDoc(input.realMasterState));
    },
  };
}

export const placesConflictHandler = accountRowWins<PlaceDoc>(placeFromRow);
export const nightsConflictHandler = accountRowWins<NightDoc>(nightFromRow);
