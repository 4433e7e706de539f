import type { RxJsonSchema } from 'rxdb';

/**
 * A saved place: "my location" or a point the user named, for tonight's verdict and where the map
 * opens. Local for everyone; replicated with the `places` table for a signed-in user (the fields
 * are its columns verbatim, as replication-supabase compares every property; the row's `user_id`
 * is filled by the database and cut off on pull). Created anonymously, a place is adopted by the
 * account at sign-in (pushed with the rest); signing out removes the account's places from the
 * device (they stay in the account).
 */
export interface PlaceDoc {
  /** A random UUID made on the device. */
  id: string;
  name: string;
  lat: number;
  lon: number;
  kind: 'my-location' | 'picked';
  /** When the user last chose it (epoch ms): the newest choice is the place in use. */
  chosen_at: number | null;
}

export const PLACE_NAME_MAX = 60;

export const placesSchemaV0: RxJsonSchema<PlaceDoc> = {
  title: 'places',
  description: 'Named places for tonight’s verdict; mirrored to the signed-in user’s places rows.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    name: { type: 'string', minLength: 1, maxLength: PLACE_NAME_MAX },
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    kind: { type: 'string', enum: ['my-location', 'picked'] },
    chosen_at: { type: ['number', 'null'] },
  },
  required: ['id', 'name', 'lat', 'lon', 'kind'],
  additionalProperties: false,
};

export const placesMigrations = {};
