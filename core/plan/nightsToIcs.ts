/**
 * The plan as an iCalendar file (RFC 5545), made on the device: one event per dark window, times
 * in UTC (`…Z`, so no VTIMEZONE is needed and every calendar app shows them in its own zone), no
 * alarms (the app's own alerts do that job), and a UID per place cell × night, so exporting the
 * same night again replaces the event instead of adding a second one. The place is named, not
 * located: coordinates (GEO) only when the user asks for them. Pure and in core/, so the backend's
 * `plan-feed` function serves the same text as a `webcal://` feed.
 */
import type { PlannedNight } from './planNights.ts';

export interface IcsPlace {
  name: string;
  lat: number;
  lon: number;
}

export interface IcsOptions {
  /** DTSTAMP: when the file was made (epoch ms). */
  now: number;
  /** Put the place's coordinates in the events (GEO); off by default. */
  includeCoordinates?: boolean;
  /**
   * A subscribed feed's polling interval in minutes: RFC 7986 §5.7 `REFRESH-INTERVAL` and its
   * older spelling `X-PUBLISHED-TTL` (Outlook, Apple Calendar), so calendar apps know how often to
   * ask again. A downloaded file has none.
   */
  refreshMinutes?: number;
}

/** RFC 5545 §3.3.6 DURATION of whole minutes: PT3H, PT90M. */
function minutesDuration(minutes: number): string {
  const m = Math.max(1, Math.round(minutes));
  return m % 60 === 0 ? `PT${m / 60}H` : `PT${m}M`;
}

/**
 * The cell a place's UID is made from: 0.1° (≈ 11 km), so moving a saved place a few streets
 * keeps its events, and the hash keeps the coordinates out of the UID.
 */
const CELL_DEG = 0.1;

/** FNV-1a, 32 bits: a stable, short, non-reversible-enough tag for the cell (not a secret). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function placeCell(lat: number, lon: number): string {
  return `${Math.round(lat / CELL_DEG)}:${Math.round(lon / CELL_DEG)}`;
}

/** The event's UID: the same place cell and night always give the same UID. */
export function nightUid(place: { lat: number; lon: number }, date: string): string {
  return `night-${date.replaceAll('-', '')}-${fnv1a(placeCell(place.lat, place.lon))}@aurora-plan`;
}

/** RFC 5545 §3.3.5: a UTC DATE-TIME, 19970714T173000Z. */
function utcStamp(time: number): string {
  return new Date(Math.round(time / 1000) * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in TEXT values. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + one space), never inside a
 * UTF-8 sequence.
 */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface IcsEvent {
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  location: string;
  geo?: { lat: number; lon: number };
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)} %`;
}

function describe(night: PlannedNight): { summary: string; description: string } {
  const kp = night.kp
    ? night.kp.source === 'three-day'
      ? `Kp ${night.kp.kp} forecast`
      : `Kp ${night.kp.kp} in the 27-day outlook (low confidence)`
    : 'no Kp forecast yet';
  const moon = `${night.moon.phaseName}, ${percent(night.moon.illumination)} lit${
    night.moon.upAllNight ? ', up all night' : night.moon.downAllNight ? ', down all night' : ''
  }`;
  const verdict = night.verdict ? `Tonight’s verdict: ${night.verdict.level}. ` : '';
  return {
    summary: `Aurora window: ${kp}`,
    description: `${verdict}Dark (Sun below −12°) for this window. Moon: ${moon}. ${
      night.kp?.lowConfidence
        ? 'The 27-day outlook is a rough guide; check again nearer the night.'
        : ''
    }`.trim(),
  };
}

/** One event per night that gets dark enough; midnight-sun and white nights have none. */
export function nightEvents(
  nights: readonly PlannedNight[],
  place: IcsPlace,
  opts: Pick<IcsOptions, 'includeCoordinates'> = {},
): IcsEvent[] {
  return nights.flatMap((night) => {
    if (!night.dark) return [];
    const text = describe(night);
    return [
      {
        uid: nightUid(place, night.date),
        start: night.dark.from,
        end: night.dark.to,
        ...text,
        location: place.name,
        ...(opts.includeCoordinates && { geo: { lat: place.lat, lon: place.lon } }),
      },
    ];
  });
}

/** A chosen good window of one night (tonight's best run): same UID as that night's event. */
export function windowEvent(
  night: PlannedNight,
  window: { from: number; to: number },
  place: IcsPlace,
  opts: Pick<IcsOptions, 'includeCoordinates'> = {},
): IcsEvent {
  const text = describe(night);
  return {
    uid: nightUid(place, night.date),
    start: window.from,
    end: window.to,
    summary: text.summary,
    description: text.description.replace('Dark (Sun below −12°) for this window. ', ''),
    location: place.name,
    ...(opts.includeCoordinates && { geo: { lat: place.lat, lon: place.lon } }),
  };
}

/** The calendar text: CRLF line ends, folded lines, UTC times, no VALARM. */
export function toIcs(events: readonly IcsEvent[], opts: IcsOptions, calendarName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Aurora//Night plan//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...(opts.refreshMinutes === undefined
      ? []
      : [
          `REFRESH-INTERVAL;VALUE=DURATION:${minutesDuration(opts.refreshMinutes)}`,
          `X-PUBLISHED-TTL:${minutesDuration(opts.refreshMinutes)}`,
        ]),
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(opts.now)}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `LOCATION:${escapeText(e.location)}`,
      ...(e.geo ? [`GEO:${e.geo.lat.toFixed(4)};${e.geo.lon.toFixed(4)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
