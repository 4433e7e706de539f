/**
 * Local time in a subscriber's IANA time zone, for quiet hours and for the night an alert belongs
 * to. Pure apart from `Intl` (Node, Deno and every browser carry the time-zone data), with the time
 * passed in.
 */
import type { QuietHours } from './alertRule.ts';

const HOUR = 3_600_000;

/** "23:00" → 1380 (minutes after midnight); null for anything else. */
export function parseClockTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** One formatter per zone: building one costs far more than using it, and a run asks thousands. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date ("2026-11-27") and minute of the day in `timeZone` at `now`. */
function localClock(now: number, timeZone: string): { date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(now)) parts[p.type] = p.value;
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/**
 * Inside quiet hours at `now`: from ≤ local time < to, across midnight when `from` is later than
 * `to` ("23:00"–"06:00"). Equal times mean no quiet hours at all (a whole day of silence would be
 * turning alerts off, which is a different switch).
 */
export function inQuietHours(now: number, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const from = parseClockTime(quiet.from);
  const to = parseClockTime(quiet.to);
  if (from === null || to === null || from === to) return false;
  const { minutes } = localClock(now, quiet.timeZone);
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/**
 * The night `now` belongs to, named by the date of its evening: nights run from one local noon to
 * the next. With a place, its mean solar noon (12:00 UTC − lon/15 h, the same span as tonight's
 * verdict, core/tonight/verdict.ts); without one, noon on the wall clock of `timeZone`.
 */
export function nightOf(
  now: number,
  place: { lon: number } | null,
  timeZone: string | null,
): string {
  if (place) return new Date(now + (place.lon / 15) * HOUR - 12 * HOUR).toISOString().slice(0, 10);
  return timeZone
    ? localClock(now - 12 * HOUR, timeZone).date
    : new Date(now - 12 * HOUR).toISOString().slice(0, 10);
}

/** When the night holding `now` ends (its closing noon), for "Mute tonight". */
export function nightEnds(
  now: number,
  place: { lon: number } | null,
  timeZone: string | null,
): number {
  if (place || !timeZone) {
    // Mean solar noon: 12:00 UTC − lon/15 h, the first one after `now`.
    const offset = ((place?.lon ?? 0) / 15) * HOUR;
    const day = 24 * HOUR;
    return Math.floor((now + offset - 12 * HOUR) / day) * day + day + 12 * HOUR - offset;
  }
  // The wall clock's noon: found by half hours, then to the minute (no zone changes its clock at
  // noon, so the answer is a whole minute).
  const night = nightOf(now, null, timeZone);
  let t = now;
  const step = 30 * 60_000;
  while (nightOf(t, null, timeZone) === night) t += step;
  let lo = t - step;
  while (t - lo > 1000) {
    const mid = Math.floor((lo + t) / 2);
    if (nightOf(mid, null, timeZone) === night) lo = mid;
    else t = mid;
  }
  return Math.ceil(t / 60_000) * 60_000;
}
