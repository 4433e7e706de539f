import type { WithDeleted } from 'rxdb';
import type { PlaceDoc } from '../schemas/places.ts';

/** A `places` row cut down to the document's fields (the row's `user_id` stays on the server). */
export function placeFromRow(row: Record<string, unknown>): WithDeleted<PlaceDoc> {
  return {
    id: String(row.id),
    name: String(row.name),
    lat: Number(row.lat),
    lon: Number(row.lon),
    kind: row.kind === 'picked' ? 'picked' : 'my-location',
    chosen_at: row.chosen_at === null || row.chosen_at === undefined ? null : Number(row.chosen_at),
    _deleted: row._deleted === true,
  };
}
