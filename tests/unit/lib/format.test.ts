import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatUtc,
  formatUtcClock,
  formatUtcDay,
  formatUtcMonth,
} from '../../../src/lib/format.ts';

const min = 60_000;

describe('data age text, one wording for every screen', () => {
  it('says "just now" under a minute and counts whole minutes below an hour', () => {
    expect(formatAge(30_000)).toBe('just now');
    expect(formatAge(-30_000)).toBe('just now');
    expect(formatAge(3 * min + 59_000)).toBe('3 min ago');
    expect(formatAge(59 * min)).toBe('59 min ago');
  });

  it('uses hours and minutes up to two days, then days', () => {
    expect(formatAge(125 * min)).toBe('2 h 5 min ago');
    expect(formatAge(120 * min)).toBe('2 h ago');
    expect(formatAge(30 * 60 * min)).toBe('30 h ago');
    expect(formatAge(3 * 24 * 60 * min)).toBe('3 days ago');
  });

  it('reads a time ahead of this clock (skew) as just now', () => {
    expect(formatAge(-2 * min)).toBe('just now');
  });

  it('never prints NaN', () => {
    expect(formatAge(Number.NaN)).toBe('unknown age');
    expect(formatUtc(Number.NaN)).toBe('Invalid Date');
    expect(formatUtcClock(Number.NaN)).toBe('Invalid Date');
  });

  it('prints clock times in UTC, labelled', () => {
    expect(formatUtc(Date.UTC(2024, 2, 3, 15, 7))).toBe('3 Mar 2024, 15:07 UTC');
    expect(formatUtcClock(Date.UTC(2024, 2, 3, 5, 7))).toBe('05:07 UTC');
  });
});

describe('UTC dates written without Intl, exactly as en-GB formats them', () => {
  const oracle = {
    dateTime: new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }),
    day: new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
    month: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
  // Every month and weekday, midnight and the last minute of a day, leap days, and a spread of
  // times from 1970 to 2100 (a fixed linear congruential sequence, so a failure reproduces).
  const times = [Date.UTC(2024, 1, 29, 0, 0), Date.UTC(2026, 8, 30, 23, 59), 0];
  for (let m = 0; m < 12; m += 1) for (let d = 1; d <= 7; d += 1) times.push(Date.UTC(2026, m, d));
  let seed = 12345;
  for (let i = 0; i < 2000; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    times.push(Math.floor((seed / 2 ** 31) * Date.UTC(2100, 0, 1)));
  }

  it('gives the same date and time as Intl for every sampled time', () => {
    for (const t of times) expect(formatUtc(t)).toBe(`${oracle.dateTime.format(t)} UTC`);
  });

  it('gives the same day and month as Intl for every sampled time', () => {
    for (const t of times) {
      expect(formatUtcDay(t)).toBe(oracle.day.format(t));
      expect(formatUtcMonth(t)).toBe(oracle.month.format(t));
    }
  });

  it('spells September the British way and refuses a time that is not a date', () => {
    expect(formatUtcMonth(Date.UTC(2026, 8, 1))).toBe('Sept 2026');
    expect(formatUtcDay(Date.UTC(2026, 8, 9))).toBe('Wed 9 Sept');
    expect(formatUtcDay(Number.POSITIVE_INFINITY)).toBe('Invalid Date');
    expect(formatUtcMonth(null)).toBe('Invalid Date');
  });
});
