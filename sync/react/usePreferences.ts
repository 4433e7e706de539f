import { useCallback, useSyncExternalStore } from 'react';
import { map } from 'rxjs';
import { DEFAULT_PREFERENCES, type HookResult, type Preferences } from '../../core/model.ts';
import {
  getPreferencesUser,
  preferencesDocId,
  subscribePreferencesUser,
} from '../preferences/activeUser.ts';
import {
  deviceChoices$,
  NO_DEVICE_CHOICES,
  updateDeviceChoices,
  type DeviceChoices,
} from '../preferences/deviceChoices.ts';
import { updatePreferences } from '../preferences/updatePreferences.ts';
import { preferencesFromDoc } from '../replication/preferencesRow.ts';
import { useOpenDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type PreferencesResult = HookResult<Preferences> & {
  /** Save a change locally (and, when signed in, to the profile through replication). */
  update(patch: Partial<Preferences>): Promise<void>;
  /** This device's map choices that have no profile column (hemisphere, last shared location); never replicated. */
  device: HookResult<DeviceChoices>;
  updateDevice(patch: Partial<DeviceChoices>): Promise<void>;
};

/** The current user's map preferences (the anonymous device user's when signed out), live. */
export function usePreferences(): PreferencesResult {
  const userId = useSyncExternalStore(
    subscribePreferencesUser,
    getPreferencesUser,
    getPreferencesUser,
  );
  const openDb = useOpenDatabase();
  const result = useLiveResult(
    `preferences:${preferencesDocId(userId)}`,
    (d) =>
      d.preferences
        .findOne(preferencesDocId(userId))
        .$.pipe(map((doc) => preferencesFromDoc(doc?._data))),
    DEFAULT_PREFERENCES,
  );
  const device = useLiveResult('preferences:device', deviceChoices$, NO_DEVICE_CHOICES);
  const update = useCallback(
    async (patch: Partial<Preferences>) => {
      const at = Date.now();
      await updatePreferences(await openDb(), userId, patch, at);
    },
    [openDb, userId],
  );
  const updateDevice = useCallback(
    async (patch: Partial<DeviceChoices>) => {
      await updateDeviceChoices(await openDb(), patch);
    },
    [openDb],
  );
  return { ...result, update, device, updateDevice };
}
