import { useCallback, useSyncExternalStore } from 'react';
import { map } from 'rxjs';
import { DEFAULT_PREFERENCES, type HookResult, type Preferences } from '../model.ts';
import { getPreferencesUser, preferencesDocId, subscribePreferencesUser } from '../preferences/activeUser.ts';
import { updatePreferences } from '../preferences/updatePreferences.ts';
import { preferencesFromDoc } from '../replication/preferencesRow.ts';
import { useDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type PreferencesResult = HookResult<Preferences> & {
  /** Save a change locally (and, when signed in, to the profile through replication). */
  update(patch: Partial<Preferences>): Promise<void>;
};

/** The current user's map preferences (the anonymous device user's when signed out), live. */
export function usePreferences(): PreferencesResult {
  const userId = useSyncExternalStore(subscribePreferencesUser, getPreferencesUser, getPreferencesUser);
  const { db } = useDatabase();
  const result = useLiveResult(
    `preferences:${preferencesDocId(userId)}`,
    (d) => d.preferences.findOne(preferencesDocId(userId)).$.pipe(map((doc) => preferencesFromDoc(doc?._data))),
    DEFAULT_PREFERENCES,
  );
  const update = useCallback(
    async (patch: Partial<Preferences>) => {
      if (!db) throw new Error('The local database is not open yet; try again in a moment.');
      await updatePreferences(db, userId, patch, Date.now());
    },
    [db, userId],
  );
  return { ...result, update };
}
