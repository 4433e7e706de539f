/** Human text for times: how long ago (or until), and UTC clock times. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "3 min ago", "2 h 5 min ago", "3 days ago"; future times read "in 45 min"
 * (OVATION's forecast time is about an hour ahead of its observation).
 */
export function formatAge(then: number, now: number): string {
  if (!Number.isFinite(then) || !Number.isFinite(now)) return 'unknown age';
  const diff = now - then;
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'just now';
  let text: string;
  if (abs < HOUR) text = `${Math.floor(abs / MINUTE)} min`;
  else if (abs < DAY) {
    const h = Math.floor(abs / HOUR);
    const m = Math.floor((abs % HOUR) / MINUTE);
    text = m > 0 ? `${h} h ${m} min` : `${h} h`;
  } else {
    const d = Math.floor(abs / DAY);
    text = d === 1 ? '1 day' : `${d} days`;
  }
  return diff >= 0 ? `${text} ago` : `in ${text}`;
}

/** "2024-03-03 15:07 UTC": times on the map are always UTC, labelled as such. */
export function formatUtc(t: number): string {
  if (!Number.isFinite(t)) return 'unknown time';
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "15:07 UTC" for slider ticks. */
export function formatUtcClock(t: number): string {
  if (!Number.isFinite(t)) return 'unknown time';
  return `${new Date(t).toISOString().slice(11, 16)} UTC`;
}
