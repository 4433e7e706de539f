import { describe, expect, it } from 'vitest';
import { AD_SLOTS, adBlockerFromHeight, adGate } from '../../../src/lib/ads.ts';
import { isLocalHost, thirdPartyAllowed } from '../../../src/lib/config.ts';

const open = { disableAds: false, premium: false, consent: true, adBlocked: false };

describe('ad gating', () => {
  it('shows ads only when every condition holds', () => {
    expect(adGate(open)).toEqual({ show: true });
  });

  it('says which condition stopped the ads', () => {
    expect(adGate({ ...open, disableAds: true })).toEqual({ show: false, reason: 'disabled' });
    expect(adGate({ ...open, premium: true })).toEqual({ show: false, reason: 'premium' });
    expect(adGate({ ...open, consent: false })).toEqual({ show: false, reason: 'no-consent' });
    expect(adGate({ ...open, adBlocked: true })).toEqual({ show: false, reason: 'ad-blocker' });
  });

  it('lets the debug force flag override disable-ads and premium but never consent or a blocker', () => {
    expect(adGate({ ...open, disableAds: true, premium: true, forceAds: true })).toEqual({
      show: true,
    });
    expect(adGate({ ...open, consent: false, forceAds: true }).show).toBe(false);
    expect(adGate({ ...open, adBlocked: true, forceAds: true }).show).toBe(false);
  });

  it('reads a zero-height bait element as an ad blocker', () => {
    expect(adBlockerFromHeight(0)).toBe(true);
    expect(adBlockerFromHeight(1)).toBe(false);
  });

  it('defines the five responsive slots', () => {
    expect(AD_SLOTS.map((s) => s.id)).toEqual([
      'home-top-banner',
      'news-sidebar',
      'news-in-feed',
      'article-bottom',
      'forecast-banner',
    ]);
    expect(AD_SLOTS.every((s) => s.size === 'responsive')).toBe(true);
  });
});

describe('third-party scripts', () => {
  it('never load on local hosts', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '127.0.1.1',
      '[::1]',
      '0.0.0.0',
      '',
    ]) {
      expect(isLocalHost(host)).toBe(true);
      expect(thirdPartyAllowed(true, host)).toBe(false);
    }
  });

  it('load only from production builds on a real host', () => {
    expect(thirdPartyAllowed(true, 'aurora.example.org')).toBe(true);
    expect(thirdPartyAllowed(false, 'aurora.example.org')).toBe(false);
  });
});
