/**
 * Tonight's verdicts, kept and scored (issue 27): each night's verdict at a place is kept as one
 * flat record (the `nights` collection, replicated for signed-in users as the `nights` table), and
 * once its hours are over, marked against what OVATION saw at the place during them — the GO or
 * MAYBE hours the verdict named, or for a NO the night's dark hours. Pure: time comes in as `now`.
 *
 * Which verdict of a night is kept: the one the app last showed before those hours began (the one
 * a person would have planned by); once they have begun, the record no longer changes but for
 * its score. OVATION's answer is judged with the verdict's own thresholds (ovationLevels.ts): GO
 * at ≥ 20 % overhead or ≥ 30 % in view, MAYBE at ≥ 10 % in view, else NO. Light on purpose (no
 * verdict, no magnetic grid): the local database and the poller import it; what OVATION saw at a
 * place is worked out by seenAtPlace.ts, loaded only when a night is scored.
 */
import {
  OVATION_GO_OVERHEAD_PERCENT,
  OVATION_GO_VISIBLE_PERCENT,
  OVATION_MAYBE_VISIBLE_PERCENT,
} from './ovationLevels.ts';
import type { Level } from './types.ts';
import type { Verdict } from './verdict.ts';

type NightOutcome = Level | 'no-data';

/** One night's verdict at one place: flat, as the `nights` table's columns (sync/CONTEXT.md). */
export interface NightRecord {
  /** `<place id>@<night>`. */
  id: string;
  /** A saved place's id, or `here:<lat>,<lon>` (0.1°) for the position shared on the device. */
  place_id: string;
  place_name: string;
  lat: number;
  lon: number;
  /** The evening's date, YYYY-MM-DD (the UTC date of the local solar noon the night follows). */
  night: string;
  level: Level;
  /** The hours judged: the best run for GO / MAYBE, the dark hours for NO; null with no dark hours. */
  window_from: number | null;
  window_to: number | null;
  /** The verdict's line as shown. */
  line: string;
  judged_at: number;
  /** OVATION's level at the place over the hours, `no-data` when no frame covered them; null until scored. */
  outcome: NightOutcome | null;
  seen_overhead: number | null;
  seen_visible: number | null;
  /** OVATION frames that covered the hours. */
  frames: number;
  scored_at: number | null;
}

const DAY_MS = 86_400_000;
/** A shared position is kept at 0.1° (about 11 km): a place, not a person's whereabouts. */
const round1 = (x: number) => Math.round(x * 10) / 10;

function placeKey(place: { id: string | null; lat: number; lon: number }): string {
  return place.id ?? `here:${round1(place.lat).toFixed(1)},${round1(place.lon).toFixed(1)}`;
}

/** The record of a verdict just shown. */
export function nightRecordOf(
  verdict: Verdict,
  line: string,
  place: { id: string | null; name: string },
  now: number,
): NightRecord {
  const last = verdict.slots.at(-1)?.end ?? verdict.night.darkUntil ?? now;
  const night = new Date(last - DAY_MS).toISOString().slice(0, 10);
  const key = placeKey({ id: place.id, lat: verdict.place.lat, lon: verdict.place.lon });
  const level: Level = verdict.best?.level ?? 'NO';
  const window = verdict.best
    ? { from: verdict.best.from, to: verdict.best.to }
    : verdict.night.darkFrom !== null && verdict.night.darkUntil !== null
      ? { from: verdict.night.darkFrom, to: verdict.night.darkUntil }
      : null;
  return {
    id: `${key}@${night}`,
    place_id: key,
    place_name: place.name.slice(0, 60) || 'Your location',
    lat: place.id ? verdict.place.lat : round1(verdict.place.lat),
    lon: place.id ? verdict.place.lon : round1(verdict.place.lon),
    night,
    level,
    window_from: window?.from ?? null,
    window_to: window?.to ?? null,
    line: line.slice(0, 400),
    judged_at: now,
    outcome: null,
    seen_overhead: null,
    seen_visible: null,
    frames: 0,
    scored_at: null,
  };
}

/**
 * What to store when a verdict is shown: the new record while the night's hours have not begun
 * and its level or hours changed, else null — the kept verdict stays the one planned by (a line
 * that only ages by a minute is not a new verdict).
 */
export function keepNight(existing: NightRecord | null, next: NightRecord): NightRecord | null {
  if (!existing) return next;
  const begun = existing.window_from !== null && next.judged_at >= existing.window_from;
  if (begun || existing.scored_at !== null) return null;
  const same =
    existing.level === next.level &&
    existing.window_from === next.window_from &&
    existing.window_to === next.window_to;
  return same ? null : next;
}

/** OVATION's level at the place, with the verdict's thresholds. */
export function ovationLevel(overhead: number, visible: number): Level {
  if (overhead >= OVATION_GO_OVERHEAD_PERCENT || visible >= OVATION_GO_VISIBLE_PERCENT) return 'GO';
  return visible >= OVATION_MAYBE_VISIBLE_PERCENT ? 'MAYBE' : 'NO';
}

/** What OVATION forecast at a place in one frame (seenAtPlace.ts). */
export interface SeenAtPlace {
  forecastTime: number;
  overheadPercent: number;
  visiblePercent: number;
}

/**
 * The score of a night once its hours are over: the strongest aurora OVATION forecast for the
 * place over them (frames whose forecast time falls in the hours). Null while they are not over,
 * or for a record already scored or without hours. No frame at all: `no-data`.
 */
export function scoreNight(
  record: NightRecord,
  seen: readonly SeenAtPlace[],
  now: number,
): Pick<NightRecord, 'outcome' | 'seen_overhead' | 'seen_visible' | 'frames' | 'scored_at'> | null {
  if (record.scored_at !== null || record.window_from === null || record.window_to === null)
    return null;
  if (now < record.window_to) return null;
  const inHours = seen.filter(
    (s) =>
      s.forecastTime >= (record.window_from as number) &&
      s.forecastTime <= (record.window_to as number),
  );
  if (inHours.length === 0)
    return {
      outcome: 'no-data',
      seen_overhead: null,
      seen_visible: null,
      frames: 0,
      scored_at: now,
    };
  const overhead = Math.max(...inHours.map((s) => s.overheadPercent));
  const visible = Math.max(...inHours.map((s) => s.visiblePercent));
  return {
    outcome: ovationLevel(overhead, visible),
    seen_overhead: overhead,
    seen_visible: visible,
    frames: inHours.length,
    scored_at: now,
  };
}
