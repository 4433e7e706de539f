const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long ago something was, in the one wording of the app: "just now", "4 min ago", "2 h 5 min
 * ago", "3 days ago" (from 48 h); whole units rounded down. A negative age (a data time a little
 * ahead of this clock: skew) reads "just now". Every screen (through src/lib/format.ts) and
 * tonight's verdict (core/tonight/formatVerdictLine.ts, "aurora map 6 h ago") say it with this
 * one function, so an input never reads one age in the verdict and another beside the map.
 */
export function formatAge(ageMs: number): string {
  if (!Number.isFinite(ageMs)) return 'unknown age';
  if (ageMs < MINUTE) return 'just now';
  if (ageMs < HOUR) return `${Math.floor(ageMs / MINUTE)} min ago`;
  if (ageMs < 48 * HOUR) {
    const h = Math.floor(ageMs / HOUR);
    const m = Math.floor((ageMs % HOUR) / MINUTE);
    return m > 0 ? `${h} h ${m} min ago` : `${h} h ago`;
  }
  return `${Math.floor(ageMs / (24 * HOUR))} days ago`;
}

const DAY = 24 * HOUR;

/**
 * When `formatAge(t - dataTime)` next reads differently, for a clock now at `now`: the next whole
 * unit of the age under the rules above — the minute the age reaches 1 min ("just now", negative
 * ages included), then each whole minute up to 48 h, then each whole day. Infinity for a data time
 * that is not a number (its text, "unknown age", never changes). A clock that shows ages needs to
 * wake at this moment, and not before.
 */
export function ageTextChangesAt(dataTime: number, now: number): number {
  if (!Number.isFinite(dataTime) || !Number.isFinite(now)) return Infinity;
  const age = now - dataTime;
  if (age < MINUTE) return dataTime + MINUTE;
  if (age < 48 * HOUR) return dataTime + (Math.floor(age / MINUTE) + 1) * MINUTE;
  return dataTime + (Math.floor(age / DAY) + 1) * DAY;
}
