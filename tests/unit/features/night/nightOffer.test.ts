import { describe, expect, it } from 'vitest';
import { shouldOfferNightMode } from '../../../../src/features/night/nightOffer.ts';
import { EDINBURGH, TROMSO } from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);

describe('the after-sunset offer of night mode', () => {
  it('is made once the Sun has set at the user’s place, not in daylight', () => {
    // Edinburgh, 8 April 2024: sunset about 19:00 UTC (20:00 BST).
    const base = { on: false, answered: false, place: EDINBURGH };
    expect(shouldOfferNightMode({ ...base, now: at('2024-04-08T21:00:00Z') })).toBe(true);
    expect(shouldOfferNightMode({ ...base, now: at('2024-04-08T13:00:00Z') })).toBe(false);
  });

  it('is never made in the midnight sun, and always in the polar night', () => {
    const base = { on: false, answered: false, place: TROMSO };
    expect(shouldOfferNightMode({ ...base, now: at('2026-06-21T23:00:00Z') })).toBe(false);
    expect(shouldOfferNightMode({ ...base, now: at('2026-12-21T11:00:00Z') })).toBe(true);
  });

  it('is asked once: not again after an answer, not while night mode is on, not without a place', () => {
    const now = at('2024-04-08T21:00:00Z');
    expect(shouldOfferNightMode({ on: false, answered: true, place: EDINBURGH, now })).toBe(false);
    expect(shouldOfferNightMode({ on: true, answered: false, place: EDINBURGH, now })).toBe(false);
    expect(shouldOfferNightMode({ on: false, answered: false, place: null, now })).toBe(false);
  });
});
