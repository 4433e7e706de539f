import type { NightRecord } from '../../core/tonight/nightRecord.ts';

/** A kept, unscored "NO" night at `place` on `date` (YYYY-MM-DD), its hours 21:00–03:00 UTC. */
export function nightRecordFor(place: string, date: string): NightRecord {
  const t = Date.parse(`${date}T21:00:00Z`);
  return {
    id: `${place}@${date}`,
    place_id: place,
    place_name: place,
    lat: 69.65,
    lon: 18.96,
    night: date,
    level: 'NO',
    window_from: t,
    window_to: t + 6 * 3_600_000,
    line: 'No aurora expected tonight',
    judged_at: t - 5 * 3_600_000,
    outcome: null,
    seen_overhead: null,
    seen_visible: null,
    frames: 0,
    scored_at: null,
  };
}
