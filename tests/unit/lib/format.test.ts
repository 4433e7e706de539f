import { describe, expect, it } from 'vitest';
import { formatAge, formatUtc, formatUtcClock } from '../../../src/lib/format.ts';

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
