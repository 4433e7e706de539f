import type { RxJsonSchema } from 'rxdb';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';

/**
 * One night's verdict at a place and its score (core/tonight/nightRecord.ts): the `nights` table's
 * columns verbatim (replication-supabase compares every property; the row's `user_id` is filled by
 * the database and cut off on pull). Local for everyone; replicated for a signed-in user.
 */
export type NightDoc = NightRecord;

const ms = { type: ['number', 'null'], minimum: 0, maximum: 8_640_000_000_000_000 } as const;
const pct = { type: ['number', 'null'], minimum: 0, maximum: 100 } as const;

export const nightsSchemaV0: RxJsonSchema<NightDoc> = {
  title: 'nights',
  description: 'Tonight’s verdicts kept and scored; mirrored to the signed-in user’s nights rows.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    place_id: { type: 'string', maxLength: 80 },
    place_name: { type: 'string', minLength: 1, maxLength: 60 },
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    night: { type: 'string', maxLength: 10 },
    level: { type: 'string', enum: ['GO', 'MAYBE', 'NO'] },
    window_from: ms,
    window_to: ms,
    line: { type: 'string', maxLength: 400 },
    judged_at: { type: 'number', minimum: 0, maximum: 8_640_000_000_000_000 },
    outcome: { type: ['string', 'null'], enum: ['GO', 'MAYBE', 'NO', 'no-data', null] },
    seen_overhead: pct,
    seen_visible: pct,
    frames: { type: 'number', minimum: 0, maximum: 10_000 },
    scored_at: ms,
  },
  required: [
    'id',
    'place_id',
    'place_name',
    'lat',
    'lon',
    'night',
    'level',
    'line',
    'judged_at',
    'frames',
  ],
  indexes: ['night'],
  additionalProperties: false,
};

export const nightsMigrations = {};
