/** Human texts for times. All inputs are UTC epoch ms; output says UTC where it shows a clock. */

/** "just now", "4 min ago", "3 h ago", "2 days ago". Negative ages (clock skew) read "just now". */
export function formatAge(ageMs: number): string {
  if (!Number.isFinite(ageMs)) return 'unknown age';
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function valid(t: number | null | undefined): t is number {
  return typeof t === 'number' && Number.isFinite(t) && !Number.isNaN(new Date(t).getTime());
}

/** "22 Nov 2026, 04:00 UTC"; spec §5: bad input gives "Invalid Date". */
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
