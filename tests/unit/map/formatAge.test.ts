import { describe, expect, it } from 'vitest';
import { formatAge, formatUtc, formatUtcClock } from '../../../src/features/map/formatAge.ts';

const now = Date.UTC(2026, 0, 19, 12, 0, 0);
const min = 60_000;

describe('data age text', () => {
  it('says "just now" under a minute and counts whole minutes below an hour', () => {
    expect(formatAge(now - 30_000, now)).toBe('just now');
    expect(formatAge(now - 3 * min - 59_000, now)).toBe('3 min ago');
    expect(formatAge(now - 59 * min, now)).toBe('59 min ago');
  });

  it('uses hours and minutes up to a day, then days', () => {
    expect(formatAge(now - 125 * min, now)).toBe('2 h 5 min ago');
    expect(formatAge(now - 120 * min, now)).toBe('2 h ago');
    expect(formatAge(now - 25 * 60 * min, now)).toBe('1 day ago');
    expect(formatAge(now - 3 * 24 * 60 * min, now)).toBe('3 days ago');
  });

  it('phrases future times (the forecast time) as "in …"', () => {
    expect(formatAge(now + 45 * min, now)).toBe('in 45 min');
  });

  it('never prints NaN', () => {
    expect(formatAge(Number.NaN, now)).toBe('unknown age');
    expect(formatUtc(Number.NaN)).toBe('unknown time');
  });

  it('prints clock times in UTC, labelled', () => {
    expect(formatUtc(Date.UTC(2024, 2, 3, 15, 7))).toBe('2024-03-03 15:07 UTC');
    expect(formatUtcClock(Date.UTC(2024, 2, 3, 5, 7))).toBe('05:07 UTC');
  });
});
