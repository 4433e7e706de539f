import type { RxJsonSchema } from 'rxdb';

/**
 * One document per local user: `id` is the profile id (auth user id) of a signed-in user, or
 * `local` for the anonymous user of this device.
 *
 * The fields are the `profiles` columns verbatim, nulls included, because replication-supabase
 * builds its optimistic-concurrency filter from every schema property: a property that is not a
 * column would break every push, and a value that differs from the row (a default filled in for a
 * null) would conflict forever. Mapping to the UI's `Preferences` happens in
 * sync/replication/preferencesRow.ts.
 */
export interface PreferencesDoc {
  id: string;
  default_map_view: string | null;
  default_map_style: string | null;
  show_aurora_on_load: boolean | null;
  show_clouds_on_load: boolean | null;
}

export const ANONYMOUS_PREFERENCES_ID = 'local';

export const preferencesSchemaV0: RxJsonSchema<PreferencesDoc> = {
  title: 'preferences',
  description: 'Map preferences, mirrored to the signed-in user profile row.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    default_map_view: { type: ['string', 'null'] },
    default_map_style: { type: ['string', 'null'] },
    show_aurora_on_load: { type: ['boolean', 'null'] },
    show_clouds_on_load: { type: ['boolean', 'null'] },
  },
  required: ['id'],
  additionalProperties: false,
};

export const preferencesMigrations = {};
