import { describe, expect, it } from 'vitest';
import {
  NIGHTS_KEPT_DAYS,
  isNightKept,
  oldestNightKept,
} from '../../../../core/tonight/nightsKept.ts';

describe('the nights kept window', () => {
  it('keeps a year and a month of nights', () => {
    expect(NIGHTS_KEPT_DAYS).toBe(400);
  });

  it('starts 400 UTC dates before today, whatever the time of day', () => {
    expect(oldestNightKept(Date.parse('2027-01-15T00:00:00Z'))).toBe('2025-12-11');
    expect(oldestNightKept(Date.parse('2027-01-15T23:59:59Z'))).toBe('2025-12-11');
    expect(oldestNightKept(Date.parse('2027-01-16T00:00:00Z'))).toBe('2025-12-12');
  });

  it('keeps the oldest night of the window and lets the one before it go', () => {
    const now = Date.parse('2027-01-15T12:00:00Z');
    expect(isNightKept('2025-12-11', now)).toBe(true);
    expect(isNightKept('2025-12-10', now)).toBe(false);
    expect(isNightKept('2027-01-16', now)).toBe(true);
  });
});
