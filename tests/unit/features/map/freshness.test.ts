import { describe, expect, it } from 'vitest';
import { gridFreshness, OVATION_MAX_AGE_MS } from '../../../../src/features/map/freshness.ts';

const now = Date.UTC(2026, 0, 19, 12, 0);

describe('aurora grid freshness', () => {
  it('is fresh within the maximum age and stale past it', () => {
    expect(gridFreshness(now - 10 * 60_000, now, null, true)).toEqual({
      stale: false,
      ageMs: 600_000,
    });
    expect(gridFreshness(now - OVATION_MAX_AGE_MS - 1, now, null, true).stale).toBe(true);
  });

  it("follows the feed's own stale or frozen state for the newest frame", () => {
    expect(gridFreshness(now - 60_000, now, 'frozen', true).stale).toBe(true);
    expect(gridFreshness(now - 60_000, now, 'stale', true).stale).toBe(true);
    expect(gridFreshness(now - 60_000, now, 'error', true).stale).toBe(false);
  });

  it('does not call an older frame picked on the slider stale', () => {
    expect(gridFreshness(now - 10 * 3_600_000, now, 'fresh', false).stale).toBe(false);
  });
});
