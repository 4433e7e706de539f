import type { SupabaseClient } from '@supabase/supabase-js';
import { filter, firstValueFrom, Subject } from 'rxjs';
import type { RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { setPreferencesUser } from '../preferences/activeUser.ts';
import { clearAnonymousEdits, readAnonymousEdits } from '../preferences/anonymousEdits.ts';
import {
  pushUnsaved,
  setProfilePusher,
  subscribeUnsaved,
  unsavedColumns,
} from '../preferences/unsavedPreferences.ts';
import { ANONYMOUS_PREFERENCES_ID, type PreferencesDoc } from '../schemas/preferences.ts';
import { mergeAnonymousIntoProfile } from './mergeOnSignIn.ts';
import { PREFERENCE_COLUMNS, type PreferenceColumns } from './preferencesRow.ts';
import {
  PROFILES_TABLE,
  replicatePreferences,
  type ReplicatePreferencesOptions,
} from './replicatePreferences.ts';
import { forgetPlaces, readPlacesGeneration, replicatePlaces } from './replicatePlaces.ts';
import type { PlaceDoc } from '../schemas/places.ts';

export interface AccountSync {
  readonly userId: string;
  /** The live replication (null while paused or stopped). */
  current(): RxSupabaseReplicationState<PreferencesDoc> | null;
  /** The saved places' replication, started and stopped with the preferences'. */
  currentPlaces(): RxSupabaseReplicationState<PlaceDoc> | null;
  /** Resolves with the columns the sign-in merge wrote into the profile, once it has run. */
  readonly merged: Promise<Partial<PreferenceColumns>>;
  /** Stop replicating for now (offline mode, hidden tab…). */
  pause(): Promise<void>;
  /** Replicate again after `pause()`. */
  resume(): Promise<void>;
  /** After a token refresh: cancel and re-create with the same identifier (a live one cannot restart). */
  restart(): Promise<void>;
  /**
   * Stop for good. `signOut`: the device's anonymous preferences take the user's current values,
   * and the account's places leave the device.
   */
  stop(opts?: { signOut?: boolean }): Promise<void>;
}

function pick(doc: Partial<PreferencesDoc> | null | undefined): Partial<PreferenceColumns> | null {
  if (!doc) return null;
  const out: Partial<PreferenceColumns> = {};
  for (const c of PREFERENCE_COLUMNS) (out as Record<string, unknown>)[c] = doc[c] ?? null;
  return out;
}

/** The profile row's `_modified`, which replication does not keep in the document. */
async function profileModifiedAt(client: SupabaseClient, userId: string): Promise<number | null> {
  const { data, error } = await client
    .from(PROFILES_TABLE)
    .select('_modified')
    .eq('id', userId)
    .limit(1);
  if (error || !data || data.length === 0) return null;
  const t = Date.parse(String((data[0] as { _modified?: unknown })._modified));
  return Number.isFinite(t) ? t : null;
}

/**
 * A signed-in user's preference sync: points `usePreferences()` at the user's document, runs the
 * replication (leader tab only, unless told otherwise), and once the first pull has landed merges
 * the anonymous preferences of this device into the profile (sync/replication/mergeOnSignIn.ts).
 * Every restart cancels the replication and creates a new one with the same identifier: its
 * checkpoint is stored, so nothing is pulled twice and nothing is lost.
 */
export function startAccountSync(
  options: ReplicatePreferencesOptions & {
    /**
     * Start without replicating (offline, Go Offline): the user's document is the one the UI
     * reads and writes at once, and `resume()` starts the replication when the network is back.
     */
    paused?: boolean;
  },
): AccountSync {
  const { db, client, userId } = options;
  setPreferencesUser(userId);
  let replication: RxSupabaseReplicationState<PreferencesDoc> | null = null;
  // Places made on this device while anonymous are pushed with the rest: the account adopts them.
  let places: RxSupabaseReplicationState<PlaceDoc> | null = null;
  let stopped = false;
  const generation = readPlacesGeneration(db).catch(() => 0);
  const startPlaces = async () => {
    const g = await generation;
    if (!stopped && replication && !places) places = replicatePlaces({ ...options, generation: g });
  };
  let markStopped: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (markStopped = resolve));
  /** Each replication created, in turn: the sign-in merge waits for the first pull of one of them. */
  const created = new Subject<RxSupabaseReplicationState<PreferencesDoc>>();
  const begin = () => {
    replication = replicatePreferences(options);
    created.next(replication);
    void startPlaces();
    // The network is back (or the session renewed): what could not be stored nor sent goes now.
    void pushUnsaved(userId);
  };

  // A change the full storage could not take never reaches replication: it is written to the
  // profile row directly (the same columns replication would push). Replication waits meanwhile:
  // it could store nothing it pulls, and RxDB leaves a failed checkpoint write of its pull
  // uncaught (replication-protocol/downstream.js calls setCheckpoint without awaiting it). It
  // starts again once a preference write fits (nothing is left unstored).
  let pausedForStorage = false;
  const unregisterPusher = setProfilePusher(userId, async (columns) => {
    if (replication) {
      pausedForStorage = true;
      await cancel();
    }
    const { error } = await client.from(PROFILES_TABLE).update(columns).eq('id', userId);
    if (error) throw new Error(error.message);
  });
  const unsubscribeUnsaved = subscribeUnsaved(() => {
    if (!pausedForStorage || stopped || Object.keys(unsavedColumns(userId)).length > 0) return;
    pausedForStorage = false;
    if (!replication) begin();
  });

  /**
   * The first initial pull that completes. A replication cancelled before its pull ends (paused
   * for Go Offline, restarted for a new token) never completes it: the next one is waited for.
   */
  const firstPull = (): Promise<boolean> =>
    new Promise((resolve) => {
      const attempt = (r: RxSupabaseReplicationState<PreferencesDoc>) => {
        void Promise.race([
          r.awaitInitialReplication().then(() => true),
          firstValueFrom(r.canceled$.pipe(filter(Boolean))).then(() => false),
        ]).then(
          (done) => {
            if (done) finish(true);
          },
          () => undefined,
        );
      };
      const sub = created.subscribe(attempt);
      const finish = (ok: boolean) => {
        sub.unsubscribe();
        resolve(ok);
      };
      stopping.then(
        () => finish(false),
        () => finish(false),
      );
      if (replication) attempt(replication);
    });

  const merged = (async (): Promise<Partial<PreferenceColumns>> => {
    if (!(await firstPull())) return {};
    if (stopped || db.closed) return {};
    const [anonymous, edits, profile, modifiedAt] = await Promise.all([
      db.preferences.findOne(ANONYMOUS_PREFERENCES_ID).exec(),
      readAnonymousEdits(db),
      db.preferences.findOne(userId).exec(),
      profileModifiedAt(client, userId),
    ]);
    const patch = mergeAnonymousIntoProfile({
      anonymous: pick(anonymous?._data),
      edits,
      profile: pick(profile?._data),
      profileModifiedAt: modifiedAt,
    });
    if (Object.keys(patch).length > 0) {
      if (profile) await profile.getLatest().incrementalPatch(patch);
      else
        await db.preferences.insert({
          id: userId,
          ...{
            default_map_view: null,
            default_map_style: null,
            show_aurora_on_load: null,
            show_clouds_on_load: null,
          },
          ...patch,
        });
    }
    // The anonymous choices have been weighed once; they must not override a later profile change.
    await clearAnonymousEdits(db);
    return patch;
  })();
  // A stop before any pull completed leaves nothing to merge; that is not an error for callers.
  merged.catch(() => undefined);
  if (!options.paused) begin();

  const cancel = async () => {
    const r = replication;
    const p = places;
    replication = null;
    places = null;
    await Promise.all([
      r && !r.isStopped() ? r.cancel() : null,
      p && !p.isStopped() ? p.cancel() : null,
    ]);
  };
  return {
    userId,
    current: () => replication,
    currentPlaces: () => places,
    merged,
    async pause() {
      // Paused for the network now: only a resume (or restart) starts it again.
      pausedForStorage = false;
      await cancel();
    },
    async resume() {
      if (stopped || replication) return;
      begin();
    },
    async restart() {
      if (stopped) return;
      await cancel();
      begin();
    },
    async stop(opts) {
      stopped = true;
      markStopped();
      unregisterPusher();
      unsubscribeUnsaved();
      await cancel();
      if (opts?.signOut && !db.closed) {
        const mine = await db.preferences.findOne(userId).exec();
        const values = pick(mine?._data);
        if (values)
          await db.preferences.upsert({
            id: ANONYMOUS_PREFERENCES_ID,
            ...values,
          } as PreferencesDoc);
        await clearAnonymousEdits(db);
        await forgetPlaces(db);
      }
      setPreferencesUser(null);
    },
  };
}
