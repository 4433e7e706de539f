/** Human texts for times. All inputs are UTC epoch ms; output says UTC where it shows a clock. */
import { ageText } from '../../core/time/ageText.ts';

const MINUTE = 60_000;

/**
 * "just now", "4 min ago", "2 h 5 min ago", "3 days ago" (from 48 h). A negative age (a data time a
 * little ahead of this clock: skew) reads "just now". The one age text of the app: the map, the
 * feeds, the banner and /debug all say it the same way.
 */
export function formatAge(ageMs: number): string {
  if (!Number.isFinite(ageMs)) return 'unknown age';
  if (ageMs < MINUTE) return 'just now';
  return `${ageText(ageMs)} ago`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function valid(t: number | null | undefined): t is number {
  return typeof t === 'number' && Number.isFinite(t) && !Number.isNaN(new Date(t).getTime());
}

/** "22 Nov 2026, 04:00 UTC"; bad input gives "Invalid Date". */
export function formatUtc(t: number | null | undefined): string {
  return valid(t) ? `${DATE_TIME.format(t)} UTC` : 'Invalid Date';
}

/** "Sun 22 Nov". */
export function formatUtcDay(t: number | null | undefined): string {
  return valid(t) ? DAY.format(t) : 'Invalid Date';
}

/** "Nov 2026". */
export function formatUtcMonth(t: number | null | undefined): string {
  return valid(t) ? MONTH.format(t) : 'Invalid Date';
}

/** "00–03 UT" for the 3-hour period starting at t. */
export function formatUtPeriod(t: number): string {
  const h = new Date(t).getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(h)}–${pad((h + 3) % 24)} UT`;
}

/** "15:07 UTC" for slider ticks. */
export function formatUtcClock(t: number): string {
  if (!Number.isFinite(t)) return 'Invalid Date';
  return `${new Date(t).toISOString().slice(11, 16)} UTC`;
}
