import type { SupabaseClient } from '@supabase/supabase-js';
import type { WithDeleted } from 'rxdb';
import {
  replicateSupabase,
  type RxSupabaseReplicationState,
} from 'rxdb/plugins/replication-supabase';
import type { AuroraDatabase } from '../database.ts';
import { DEFAULT_PREFERENCES } from '../../core/model.ts';
import type { PreferencesDoc } from '../schemas/preferences.ts';
import {
  columnsFromPatch,
  projectPreferencesRow,
  type PreferenceColumns,
} from './preferencesRow.ts';

export const PROFILES_TABLE = 'profiles';

/** The replication identifier: per user (each user's checkpoint is their own), stable across restarts. */
export function preferencesReplicationId(userId: string): string {
  return `aurora-preferences-${userId}`;
}

const DEFAULT_COLUMNS = columnsFromPatch(DEFAULT_PREFERENCES) as PreferenceColumns;

export interface ReplicatePreferencesOptions {
  db: AuroraDatabase;
  client: SupabaseClient;
  userId: string;
  /** Replicate only in the leader tab (default true; tests with one client per realm may say false). */
  waitForLeadership?: boolean;
  /** Pause between retries after an error (default 5 s). */
  retryTime?: number;
}

/**
 * Preferences ↔ the signed-in user's `profiles` row, through RxDB's replication-supabase
 * (pull with realtime, push with optimistic concurrency). Only the signed-in user's document is
 * pushed: the anonymous one and other users' documents on this device stay local. Pulled rows are
 * cut down to the replicated columns (the row also carries email, names and a jsonb the plugin
 * cannot compare). A push inserts only when the profile row does not exist yet; the migration's
 * NOT NULL columns then get their defaults instead of the document's "never set" nulls.
 */
export function replicatePreferences(
  options: ReplicatePreferencesOptions,
): RxSupabaseReplicationState<PreferencesDoc> {
  const { db, client, userId } = options;
  return replicateSupabase<PreferencesDoc>({
    client,
    tableName: PROFILES_TABLE,
    collection: db.preferences,
    replicationIdentifier: preferencesReplicationId(userId),
    live: true,
    waitForLeadership: options.waitForLeadership ?? true,
    retryTime: options.retryTime ?? 5_000,
    pull: {
      batchSize: 10,
      queryBuilder: ({ query }) => query.eq('id', userId),
      modifier: (row: Record<string, unknown>) => projectPreferencesRow(row),
    },
    push: {
      batchSize: 10,
      modifier: (doc: WithDeleted<PreferencesDoc>) => {
        if (doc.id !== userId) return null;
        const row = projectPreferencesRow(doc);
        return {
          ...row,
          default_map_view: row.default_map_view ?? DEFAULT_COLUMNS.default_map_view,
          default_map_style: row.default_map_style ?? DEFAULT_COLUMNS.default_map_style,
          show_aurora_on_load: row.show_aurora_on_load ?? DEFAULT_COLUMNS.show_aurora_on_load,
          show_clouds_on_load: row.show_clouds_on_load ?? DEFAULT_COLUMNS.show_clouds_on_load,
        };
      },
    },
  });
}
