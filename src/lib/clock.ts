/**
 * The one clock every time on screen is written in (issue 22: the verdict in device time, the map
 * in UTC, on one screen): the local time of the place in use, labelled with its offset from UTC
 * ("22:30 UTC+1"), or UTC when the person chose it (a device choice, /settings and the charts'
 * switch). Every text of a time takes a `Clock` and writes its label beside it, so no time on a
 * screen is unlabelled and no two are in different zones.
 *
 * Offsets, not zone abbreviations: en-GB has short names for some zones only ("CET", but
 * "GMT-9" for Alaska), and an offset needs no Intl for the device's own zone — `Date`'s
 * `getTimezoneOffset` gives it. The first screen must not create an Intl formatter (src/lib/format.ts
 * says why); only another place's zone needs one (`zoneClock`), and that comes after a lazy zone
 * look-up anyway (./placeTimeZone.ts).
 */

export interface Clock {
  /** For Intl and uPlot: 'UTC', an IANA zone, or undefined for this device's own zone. */
  readonly timeZone: string | undefined;
  /** Minutes east of UTC at `t` (epoch ms). */
  offsetMinutes(t: number): number;
  /** Whose clock it is, for a sentence: "UTC", "local time at Tromsø". */
  readonly name: string;
}

export const UTC_CLOCK: Clock = { timeZone: 'UTC', offsetMinutes: () => 0, name: 'UTC' };

/** This device's own zone (right for the device's own position): offsets from `Date`, no Intl. */
export function deviceClock(name: string): Clock {
  return { timeZone: undefined, offsetMinutes: (t) => -new Date(t).getTimezoneOffset(), name };
}

const OFFSET_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** "GMT+05:30" → 330, "GMT" → 0. */
function parseGmtOffset(text: string): number | null {
  if (text === 'GMT' || text === 'UTC') return 0;
  const m = /^(?:GMT|UTC)([+-−])(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '+' ? minutes : -minutes;
}

/**
 * Another place's zone, by its IANA name. Throws a RangeError for a zone this browser does not
 * know (the caller then falls back to UTC, which is always true).
 */
export function zoneClock(timeZone: string, name: string): Clock {
  let format = OFFSET_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' });
    OFFSET_FORMATS.set(timeZone, format);
  }
  const f = format;
  return {
    timeZone,
    name,
    offsetMinutes(t) {
      const part = f.formatToParts(t).find((p) => p.type === 'timeZoneName');
      return (part && parseGmtOffset(part.value)) ?? 0;
    },
  };
}

/**
 * The zone beside a time: its offset from UTC at that time ("UTC+1", "UTC-3:30"), "UTC" where the
 * offset is nil (the UTC clock, or a place on UTC such as London in winter: the time is UTC's).
 */
export function clockLabel(t: number, clock: Clock): string {
  const offset = clock.timeZone === 'UTC' || !Number.isFinite(t) ? 0 : clock.offsetMinutes(t);
  if (offset === 0) return 'UTC';
  const abs = Math.abs(offset);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${offset < 0 ? '-' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The same instant as a Date whose UTC fields read the clock's local time (for hand formatting). */
export function shifted(t: number, clock: Clock): Date {
  return new Date(t + clock.offsetMinutes(t) * 60_000);
}
