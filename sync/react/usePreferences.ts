import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
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
import { noteUnsettledWrite, replayUnsettledWrites } from '../preferences/unsettledWrites.ts';
import {
  notStoredSentence,
  subscribeUnsaved,
  unsavedColumns,
} from '../preferences/unsavedPreferences.ts';
import { PREFERENCE_COLUMNS, preferencesFromDoc } from '../replication/preferencesRow.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import type { AuroraDatabase } from '../database.ts';
import { useOpenDatabase } from './DatabaseProvider.tsx';
import { useLiveResult } from './useLiveResult.ts';

export type PreferencesResult = HookResult<Preferences> & {
  /**
   * Save a change locally (and, when signed in, to the profile through replication). With the
   * device's storage full it still applies, in memory, and a signed-in user's reaches the profile
   * directly; `notice` then says so.
   */
  update(patch: Partial<Preferences>): Promise<void>;
  /** In words, what the last change could not do (storage full); null when it was stored. */
  notice: string | null;
  /** This device's map choices that have no profile column (hemisphere, last shared location); never replicated. */
  device: HookResult<DeviceChoices>;
  updateDevice(patch: Partial<DeviceChoices>): Promise<void>;
};

let replayStarted = false;

/**
 * The choices an earlier page noted but could not store before it was closed are written once a
 * page that shows and edits them has its database (sync/preferences/unsettledWrites.ts).
 */
function replayOnce(openDb: () => Promise<AuroraDatabase>): void {
  if (replayStarted) return;
  replayStarted = true;
  void openDb()
    .then(replayUnsettledWrites)
    .catch((e: unknown) =>
      console.warn('Aurora: a choice noted before a close was not written', e),
    );
}

/** The current user's map preferences (the anonymous device user's when signed out), live. */
export function usePreferences(): PreferencesResult {
  const userId = useSyncExternalStore(
    subscribePreferencesUser,
    getPreferencesUser,
    getPreferencesUser,
  );
  const openDb = useOpenDatabase();
  useEffect(() => replayOnce(openDb), [openDb]);
  const docId = preferencesDocId(userId);
  const stored = useLiveResult<StoredColumns | null>(
    `preferences:${docId}`,
    (d) => d.preferences.findOne(docId).$.pipe(map((doc) => storedColumns(doc?._data))),
    null,
  );
  // Changes the full storage could not take are shown over what is stored.
  const unsavedOfDoc = useCallback(() => unsavedColumns(docId), [docId]);
  const unsaved = useSyncExternalStore(subscribeUnsaved, unsavedOfDoc, unsavedOfDoc);
  const data = useMemo(
    () =>
      stored.isLoading && !stored.data
        ? DEFAULT_PREFERENCES
        : preferencesFromDoc({ ...stored.data, ...unsaved }),
    [stored.data, stored.isLoading, unsaved],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const device = useLiveResult('preferences:device', deviceChoices$, NO_DEVICE_CHOICES);
  const update = useCallback(
    async (patch: Partial<Preferences>) => {
      const at = Date.now();
      // Noted in the click's own task: a page closed before the write commits loses nothing.
      const settle = noteUnsettledWrite({ kind: 'preferences', userId, patch, at });
      try {
        setNotice(notStoredSentence(await updatePreferences(await openDb(), userId, patch, at)));
      } finally {
        settle();
      }
    },
    [openDb, userId],
  );
  const updateDevice = useCallback(
    async (patch: Partial<DeviceChoices>) => {
      const settle = noteUnsettledWrite({ kind: 'device', patch, at: Date.now() });
      try {
        await updateDeviceChoices(await openDb(), patch);
      } finally {
        settle();
      }
    },
    [openDb],
  );
  return {
    data,
    isLoading: stored.isLoading,
    error: stored.error,
    update,
    notice,
    device,
    updateDevice,
  };
}

type StoredColumns = Partial<Omit<PreferencesDoc, 'id'>>;

/** The stored columns of a document (null: none stored yet). */
function storedColumns(doc: Partial<PreferencesDoc> | null | undefined): StoredColumns | null {
  if (!doc) return null;
  const out: StoredColumns = {};
  for (const c of PREFERENCE_COLUMNS) (out as Record<string, unknown>)[c] = doc[c] ?? null;
  return out;
}
