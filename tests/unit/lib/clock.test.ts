import { describe, expect, it } from 'vitest';
import { clockLabel, deviceClock, UTC_CLOCK, zoneClock } from '../../../src/lib/clock.ts';
import { formatClockTime, formatTime, formatUtc } from '../../../src/lib/format.ts';

const WINTER = Date.UTC(2026, 10, 23, 21, 30);
const SUMMER = Date.UTC(2026, 6, 1, 21, 30);

describe('the one clock of a screen', () => {
  it('writes a time in UTC exactly as before, labelled UTC', () => {
    expect(formatTime(WINTER, UTC_CLOCK)).toBe('23 Nov 2026, 21:30 UTC');
    expect(formatTime(WINTER, UTC_CLOCK)).toBe(formatUtc(WINTER));
    expect(formatClockTime(WINTER, UTC_CLOCK)).toBe('21:30 UTC');
  });

  it('writes a place’s local time with its offset, summer time included', () => {
    const tromso = zoneClock('Europe/Oslo', 'local time at Tromsø');
    expect(formatTime(WINTER, tromso)).toBe('23 Nov 2026, 22:30 UTC+1');
    expect(formatClockTime(SUMMER, tromso)).toBe('23:30 UTC+2');
    // Across midnight the date is the place's.
    expect(formatTime(Date.UTC(2026, 10, 23, 23, 30), tromso)).toBe('24 Nov 2026, 00:30 UTC+1');
  });

  it('labels half-hour and western offsets, and a place on UTC as UTC', () => {
    expect(clockLabel(WINTER, zoneClock('Asia/Kolkata', 'Kolkata'))).toBe('UTC+5:30');
    expect(clockLabel(WINTER, zoneClock('America/St_Johns', 'St John’s'))).toBe('UTC-3:30');
    expect(clockLabel(WINTER, zoneClock('America/Anchorage', 'Anchorage'))).toBe('UTC-9');
    expect(formatClockTime(WINTER, zoneClock('America/Anchorage', 'Anchorage'))).toBe(
      '12:30 UTC-9',
    );
    expect(clockLabel(WINTER, zoneClock('Europe/London', 'London'))).toBe('UTC');
    expect(clockLabel(SUMMER, zoneClock('Europe/London', 'London'))).toBe('UTC+1');
  });

  it('reads the device’s own zone from Date, the zone Intl would use', () => {
    const device = deviceClock('this device’s time');
    expect(device.timeZone).toBeUndefined();
    const intl = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(WINTER);
    expect(formatClockTime(WINTER, device).slice(0, 5)).toBe(intl);
  });

  it('refuses a zone the browser does not know, so the caller can fall back to UTC', () => {
    expect(() => zoneClock('Nowhere/Atlantis', 'Atlantis')).toThrow(RangeError);
  });
});
