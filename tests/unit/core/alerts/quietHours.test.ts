import { describe, expect, it } from 'vitest';
import { inQuietHours, nightEnds, nightOf } from '../../../../core/alerts/quietHours.ts';

const at = (iso: string) => Date.parse(iso);
const OSLO = { from: '23:00', to: '06:00', timeZone: 'Europe/Oslo' };

describe('quiet hours and nights', () => {
  it('reads quiet hours on the subscriber’s own clock, across midnight', () => {
    // Oslo is UTC+1 in winter, UTC+2 in summer.
    expect(inQuietHours(at('2026-12-08T21:59:00Z'), OSLO)).toBe(false);
    expect(inQuietHours(at('2026-12-08T22:00:00Z'), OSLO)).toBe(true);
    expect(inQuietHours(at('2026-12-09T04:59:00Z'), OSLO)).toBe(true);
    expect(inQuietHours(at('2026-12-09T05:00:00Z'), OSLO)).toBe(false);
    expect(inQuietHours(at('2026-07-09T21:30:00Z'), OSLO)).toBe(true);
    expect(inQuietHours(at('2026-07-09T04:30:00Z'), OSLO)).toBe(false);
  });

  it('reads same-day quiet hours, and equal times as none', () => {
    const day = { from: '09:00', to: '17:00', timeZone: 'Australia/Hobart' };
    expect(inQuietHours(at('2026-12-08T23:00:00Z'), day)).toBe(true);
    expect(inQuietHours(at('2026-12-08T07:00:00Z'), day)).toBe(false);
    expect(inQuietHours(at('2026-12-08T23:00:00Z'), { ...day, to: '09:00' })).toBe(false);
    expect(inQuietHours(at('2026-12-08T23:00:00Z'), null)).toBe(false);
  });

  it('names a night by its evening, turning at the place’s solar noon', () => {
    const tromso = { lon: 18.96 };
    // Tromsø's mean solar noon is 10:44 UTC.
    expect(nightOf(at('2026-12-08T16:00:00Z'), tromso, null)).toBe('2026-12-08');
    expect(nightOf(at('2026-12-09T05:00:00Z'), tromso, null)).toBe('2026-12-08');
    expect(nightOf(at('2026-12-09T10:40:00Z'), tromso, null)).toBe('2026-12-08');
    expect(nightOf(at('2026-12-09T10:50:00Z'), tromso, null)).toBe('2026-12-09');
    // Hobart's evening is the morning in UTC.
    expect(nightOf(at('2026-12-08T13:00:00Z'), { lon: 147.33 }, null)).toBe('2026-12-08');
    // Without a place: noon on the wall clock of the time zone.
    expect(nightOf(at('2026-12-09T10:30:00Z'), null, 'Europe/Oslo')).toBe('2026-12-08');
    expect(nightOf(at('2026-12-09T11:30:00Z'), null, 'Europe/Oslo')).toBe('2026-12-09');
  });

  it('ends tonight at its closing noon, the end of "Mute tonight"', () => {
    expect(
      new Date(nightEnds(at('2026-12-08T20:00:00Z'), { lon: 18.96 }, null)).toISOString(),
    ).toBe('2026-12-09T10:44:09.600Z');
    expect(new Date(nightEnds(at('2026-12-08T20:00:00Z'), null, 'Europe/Oslo')).toISOString()).toBe(
      '2026-12-09T11:00:00.000Z',
    );
  });
});
