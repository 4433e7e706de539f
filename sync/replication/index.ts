export { startAccountSync, type AccountSync } from './accountSync.ts';
export { followAuth } from './followAuth.ts';
export {
  replicatePreferences,
  preferencesReplicationId,
  PROFILES_TABLE,
} from './replicatePreferences.ts';
export { mergeAnonymousIntoProfile, type SignInMergeInput } from './mergeOnSignIn.ts';
export { mergePreferencesConflict } from './conflictPolicy.ts';
export {
  preferencesFromDoc,
  columnsFromPatch,
  mapViewFromColumn,
  mapViewToColumn,
} from './preferencesRow.ts';
export {
  replicatePlaces,
  placesReplicationId,
  forgetPlaces,
  readPlacesGeneration,
  PLACES_TABLE,
} from './replicatePlaces.ts';
export { placeFromRow } from './placeFromRow.ts';
