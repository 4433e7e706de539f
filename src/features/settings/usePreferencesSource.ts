import { useCallback, useState } from 'react';
import { DEFAULT_PREFERENCES, type HookResult, type Preferences } from '../../../sync/model.ts';

/**
 * Where SettingsPage gets the map preferences. The real source is SYNC's `usePreferences()`
 * (sync/react/index.ts: the `preferences` collection, replicated to the profile when signed in).
 * Until that module lands this adapter keeps them in localStorage under `aurora:preferences` with
 * the same shape, so the page works; replace the body with
 * `export { usePreferences as usePreferencesSource } from '../../../sync/react/index.ts'`.
 */
export type PreferencesSource = HookResult<Preferences> & { update(patch: Partial<Preferences>): Promise<void> };

const KEY = 'aurora:preferences';

function read(): Preferences {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULT_PREFERENCES, ...(JSON.parse(raw) as Partial<Preferences>) } : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function usePreferencesSource(): PreferencesSource {
  const [data, setData] = useState<Preferences>(read);
  const [error, setError] = useState<Error | null>(null);
  const update = useCallback(async (patch: Partial<Preferences>) => {
    const next = { ...read(), ...patch };
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
      setData(next);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    }
  }, []);
  return { data, isLoading: false, error, update };
}
