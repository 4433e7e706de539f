/**
 * Human texts for times. All inputs are UTC epoch ms; every clock time is written with its zone
 * ("04:00 UTC", "05:00 UTC+1"), in the one clock of the screen (./clock.ts).
 */
import { clockLabel, shifted, UTC_CLOCK, type Clock } from './clock.ts';

/** The one age text ("4 min ago"), defined in the core so tonight's verdict says it the same way. */
export { formatAge } from '../../core/time/formatAge.ts';

/*
 * The UTC dates below are written out by hand, as en-GB's Intl.DateTimeFormat gives them (tests
 * compare the two on many dates): the first Intl formatter a page creates initialises ICU, tens of
 * milliseconds of main thread on a phone, and these texts are on the first screen.
 */
/** Month names as en-GB's Intl.DateTimeFormat writes them ("Sept"); the charts' axes use them too. */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const pad2 = (n: number) => String(n).padStart(2, '0');

function valid(t: number | null | undefined): t is number {
  return typeof t === 'number' && Number.isFinite(t) && !Number.isNaN(new Date(t).getTime());
}

/** "22 Nov 2026, 05:00 UTC+1" in the given clock; bad input gives "Invalid Date". */
export function formatTime(t: number | null | undefined, clock: Clock): string {
  if (!valid(t)) return 'Invalid Date';
  const d = shifted(t, clock);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} ${clockLabel(t, clock)}`;
}

/** "05:07 UTC+1": the time of day in the given clock, with its zone. */
export function formatClockTime(t: number, clock: Clock): string {
  if (!valid(t)) return 'Invalid Date';
  const d = shifted(t, clock);
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} ${clockLabel(t, clock)}`;
}

/** "22 Nov 2026, 04:00 UTC"; bad input gives "Invalid Date". */
export function formatUtc(t: number | null | undefined): string {
  return formatTime(t, UTC_CLOCK);
}

/** "Sun 22 Nov". */
export function formatUtcDay(t: number | null | undefined): string {
  if (!valid(t)) return 'Invalid Date';
  const d = new Date(t);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Nov 2026". */
export function formatUtcMonth(t: number | null | undefined): string {
  if (!valid(t)) return 'Invalid Date';
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "00–03 UT" for the 3-hour period starting at t. */
export function formatUtPeriod(t: number): string {
  const h = new Date(t).getUTCHours();
  return `${pad2(h)}–${pad2((h + 3) % 24)} UT`;
}

/** "15:07 UTC" for slider ticks. */
export function formatUtcClock(t: number): string {
  if (!Number.isFinite(t)) return 'Invalid Date';
  return formatClockTime(t, UTC_CLOCK);
}

/**
 * A field component whose sign is the message (Bz: south is negative): the sign is always written,
 * "+57.7" as plainly as "-3.2", so every screen shows the same figure the same way.
 */
export function formatSigned(value: number, digits: number): string {
  const text = value.toFixed(digits);
  // What rounds to zero has no sign ("-0.0" would say south).
  if (Number(text) === 0) return (0).toFixed(digits);
  return value > 0 ? `+${text}` : text;
}
