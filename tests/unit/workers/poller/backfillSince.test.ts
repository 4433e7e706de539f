import { describe, expect, it } from 'vitest';
import { backfillSince } from '../../../../workers/poller/backfill.ts';

const H = 3_600_000;
const DAY = 24 * H;
const NOW = Date.parse('2026-11-26T18:00:00Z');

describe('where a series’ backfill starts', () => {
  it('leaves to the live poll a gap its file still covers', () => {
    expect(backfillSince('solar-wind', NOW - 10 * H, NOW)).toBeNull();
    expect(backfillSince('kp-1m', NOW - 4 * H, NOW)).toBeNull();
    expect(backfillSince('kp-index', NOW - 5 * DAY, NOW)).toBeNull();
    // Hemispheric power: the file holds the current UTC day only.
    expect(
      backfillSince('aurora-nowcast-hemi-power', Date.parse('2026-11-26T01:00:00Z'), NOW),
    ).toBeNull();
    expect(
      backfillSince('aurora-nowcast-hemi-power', Date.parse('2026-11-25T23:00:00Z'), NOW),
    ).toBe(Date.parse('2026-11-25T23:00:00Z'));
  });

  it('starts after the newest sample held, but no earlier than the device keeps', () => {
    expect(backfillSince('magnetic-field', NOW - 7 * DAY, NOW)).toBe(NOW - 7 * DAY);
    expect(backfillSince('magnetic-field', NOW - 90 * DAY, NOW)).toBe(NOW - 30 * DAY);
  });

  it('fetches months of 3-hourly Kp on a first visit, and no minutes the device never held', () => {
    expect(backfillSince('kp-index', null, NOW)).toBe(NOW - 120 * DAY);
    expect(backfillSince('kp-gfz', null, NOW)).toBe(NOW - 120 * DAY);
    expect(backfillSince('solar-wind', null, NOW)).toBeNull();
    expect(backfillSince('kp-1m', null, NOW)).toBeNull();
  });
});
