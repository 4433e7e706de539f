import type { SupabaseClient } from '@supabase/supabase-js';
import { getAllCollectionDocuments, type WithDeleted } from 'rxdb';
import {
  replicateSupabase,
  type RxSupabaseReplicationState,
} from 'rxdb/plugins/replication-supabase';
import type { AuroraDatabase } from '../database.ts';
import { nightsCollection, whenNightsCollection } from '../nights/nights.ts';
import { nightFromRow } from './nightFromRow.ts';
import type { NightDoc } from '../schemas/nights.ts';
import { isNightKept } from '../../core/tonight/nightsKept.ts';

const NIGHTS_TABLE = 'nights';

/** Per user and sign-in generation, as the places' (replicatePlaces.ts says why). */
function nightsReplicationId(userId: string, generation = 0): string {
  return `aurora-nights-${userId}-${generation}`;
}

/**
 * Tonight's kept verdicts ↔ the signed-in user's `nights` rows, leader tab only, like the places:
 * every local night is pushed (the ones kept while anonymous are adopted by the account). Starts
 * once the device has the collection (a verdict was kept or the nights were read here).
 */
export async function replicateNights(options: {
  db: AuroraDatabase;
  client: SupabaseClient;
  userId: string;
  generation?: number;
  waitForLeadership?: boolean;
  retryTime?: number;
  now?: () => number;
  /** Asked once the collection exists: a sync cancelled meanwhile (a sign-out) never starts. */
  cancelled?: () => boolean;
}): Promise<RxSupabaseReplicationState<NightDoc>> {
  const { db, client, userId } = options;
  const now = options.now ?? Date.now;
  const collection = await whenNightsCollection(db);
  // Started after a sign-out had begun, it would push the removal forgetNights is about to make.
  if (options.cancelled?.()) throw new Error('the nights sync was cancelled before it started');
  return replicateSupabase<NightDoc>({
    client,
    tableName: NIGHTS_TABLE,
    collection,
    replicationIdentifier: nightsReplicationId(userId, options.generation),
    live: true,
    waitForLeadership: options.waitForLeadership ?? true,
    retryTime: options.retryTime ?? 5_000,
    pull: {
      batchSize: 50,
      queryBuilder: ({ query }) => query.eq('user_id', userId),
      modifier: (row: Record<string, unknown>) => nightFromRow(row),
    },
    push: {
      batchSize: 50,
      // A night outside the window (core/tonight/nightsKept.ts) is never sent: not the purge's
      // removal (the server prunes by the same rule), not an old night of a device that was behind
      // (the server would skip it). Skipped rows count as pushed, so the queue moves on.
      modifier: (doc: WithDeleted<NightDoc>) => (isNightKept(doc.night, now()) ? doc : null),
    },
  });
}

/**
 * Signing out: the account's nights leave this device (they stay in the account), tombstones too.
 * The collection is opened even if nothing read it since the page loaded, whenever this database
 * ever had one: its documents are on disk from earlier visits, and left there they would show on
 * the signed-out device and be adopted by the next account signed in on it. A database that never
 * had one is left without (a realm holds only 13 collections: sync/nights/nights.ts).
 */
export async function forgetNights(db: AuroraDatabase): Promise<void> {
  if (!(db as unknown as { nights?: unknown }).nights && !(await hadNights(db))) return;
  const nights = await nightsCollection(db);
  const all = await nights.find().exec();
  if (all.length) await nights.bulkRemove(all.map((d) => d.id));
  while (!nights.closed && !(await nights.storageInstance.cleanup(0))) {
    // the storage purges in batches
  }
}

/** Whether this database's internal store records a `nights` collection (created on an earlier visit). */
async function hadNights(db: AuroraDatabase): Promise<boolean> {
  const collections = await getAllCollectionDocuments(db.internalStore);
  return collections.some((c) => c.data.name === 'nights');
}
