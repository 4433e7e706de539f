import type { WithDeleted } from 'rxdb';
import type { NightDoc } from '../schemas/nights.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A `nights` row cut down to the document's fields (the row's `user_id` and times stay on the server). */
export function nightFromRow(row: Record<string, unknown>): WithDeleted<NightDoc> {
  const outcome = row.outcome;
  return {
    id: String(row.id),
    place_id: String(row.place_id),
    place_name: String(row.place_name),
    lat: Number(row.lat),
    lon: Number(row.lon),
    night: String(row.night),
    level: row.level === 'GO' || row.level === 'MAYBE' ? row.level : 'NO',
    window_from: num(row.window_from),
    window_to: num(row.window_to),
    line: String(row.line ?? ''),
    judged_at: Number(row.judged_at),
    outcome:
      outcome === 'GO' || outcome === 'MAYBE' || outcome === 'NO' || outcome === 'no-data'
        ? outcome
        : null,
    seen_overhead: num(row.seen_overhead),
    seen_visible: num(row.seen_visible),
    frames: Number(row.frames ?? 0),
    scored_at: num(row.scored_at),
    _deleted: row._deleted === true,
  };
}
