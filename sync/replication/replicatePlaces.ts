import type { SupabaseClient } from '@supabase/supabase-js';
import {
  replicateSupabase,
  type RxSupabaseReplicationState,
} from 'rxdb/plugins/replication-supabase';
import type { AuroraDatabase } from '../database.ts';
import type { PlaceDoc } from '../schemas/places.ts';
import { forgetNights, replicateNights } from './replicateNights.ts';
import { placeFromRow } from './placeFromRow.ts';

export const PLACES_TABLE = 'places';

/**
 * Per user and per sign-in generation of this device: signing out removes the account's places
 * from the device and starts a new generation, so the next sign-in pulls them all again (a kept
 * checkpoint would skip what was pulled before) and pushes only what exists now (never the removals).
 */
export function placesReplicationId(userId: string, generation = 0): string {
  return `aurora-places-${userId}-${generation}`;
}

const GENERATION_ID = 'places-replication';

export async function readPlacesGeneration(db: AuroraDatabase): Promise<number> {
  const doc = await db.preferences.getLocal<{ generation: number }>(GENERATION_ID);
  const g = doc?.get('generation') as unknown;
  return typeof g === 'number' && Number.isInteger(g) && g >= 0 ? g : 0;
}

/**
 * Places ↔ the signed-in user's `places` rows (replication-supabase: pull with realtime, push with
 * optimistic concurrency), leader tab only. Every local place is pushed: the ones made while
 * anonymous are adopted by the account this way (RLS fills `user_id` with the caller).
 * Tonight's kept verdicts at those places (`nights`, replicateNights.ts) replicate alongside, for
 * as long as the places do: started with them, cancelled with them, forgotten with them at sign-out.
 */
export function replicatePlaces(options: {
  db: AuroraDatabase;
  client: SupabaseClient;
  userId: string;
  generation?: number;
  waitForLeadership?: boolean;
  retryTime?: number;
}): RxSupabaseReplicationState<PlaceDoc> {
  const { db, client, userId } = options;
  const places = replicateSupabase<PlaceDoc>({
    client,
    tableName: PLACES_TABLE,
    collection: db.places,
    replicationIdentifier: placesReplicationId(userId, options.generation),
    live: true,
    waitForLeadership: options.waitForLeadership ?? true,
    retryTime: options.retryTime ?? 5_000,
    pull: {
      batchSize: 50,
      queryBuilder: ({ query }) => query.eq('user_id', userId),
      modifier: (row: Record<string, unknown>) => placeFromRow(row),
    },
    push: { batchSize: 50 },
  });
  let cancelled = false;
  const nights = replicateNights({ ...options, cancelled: () => cancelled });
  nights.catch(() => undefined);
  // Cancelling the places cancels the nights too, and resolves once both have stopped: a sign-out
  // forgets both right after (forgetPlaces), which must never push their removal.
  let cancelPlaces: () => Promise<unknown> = places.cancel.bind(places);
  const cancelBoth = async () => {
    cancelled = true;
    const result = await cancelPlaces();
    // A nights replication waiting for its collection never starts; a started one is stopped.
    const started = await Promise.race([nights, Promise.resolve(null)]).catch(() => null);
    if (started) await started.cancel();
    return result;
  };
  // replication-supabase assigns its own `cancel` when the replication starts, a tick after this
  // (it removes its realtime channel, then cancels: rxdb/plugins/replication-supabase, `start`), which
  // replaced a plain wrapper and left the nights running through sign-out. Its cancel becomes the
  // places' part of ours.
  Object.defineProperty(places, 'cancel', {
    configurable: true,
    get: () => cancelBoth,
    set: (replaced: () => Promise<unknown>) => {
      cancelPlaces = replaced;
    },
  });
  void nights.then(
    (n) => {
      if (cancelled) void n.cancel();
    },
    () => undefined,
  );
  return places;
}

/**
 * Signing out (replication already stopped): the account's places leave this device — they stay
 * in the account — with their tombstones, and the next sign-in replicates as a new generation.
 */
export async function forgetPlaces(db: AuroraDatabase): Promise<void> {
  await forgetNights(db);
  const all = await db.places.find().exec();
  if (all.length) await db.places.bulkRemove(all.map((d) => d.id));
  while (!db.places.closed && !(await db.places.storageInstance.cleanup(0))) {
    // the storage purges in batches
  }
  await db.preferences.upsertLocal(GENERATION_ID, {
    generation: (await readPlacesGeneration(db)) + 1,
  });
}
