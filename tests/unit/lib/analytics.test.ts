import { afterEach, describe, expect, it } from 'vitest';
import {
  shouldLoadAnalytics,
  trackPageView,
  virtualPageViewsFor,
} from '../../../src/lib/analytics.ts';
import { ensureConsent, hasConsent } from '../../../src/lib/consent.ts';

describe('virtual page views', () => {
  it('adds one for each tracked section the path contains', () => {
    expect(virtualPageViewsFor('/contact')).toEqual(['virtual/contact']);
    expect(virtualPageViewsFor('/cookies')).toEqual(['virtual/cookies']);
    expect(virtualPageViewsFor('/terms')).toEqual(['virtual/terms']);
    expect(virtualPageViewsFor('/photos/2026')).toEqual(['virtual/photos']);
    expect(virtualPageViewsFor('/news-guides')).toEqual(['virtual/news-guides']);
  });

  it('adds the article view for the two tracked articles only', () => {
    expect(virtualPageViewsFor('/news-guides/aurora-viewing-tutorial')).toEqual([
      'virtual/news-guides',
      'virtual/article/aurora-viewing-tutorial',
    ]);
    expect(virtualPageViewsFor('/news-guides/understanding-aurora-forecasts-kp-index')).toEqual([
      'virtual/news-guides',
      'virtual/article/understanding-aurora-forecasts-kp-index',
    ]);
    expect(virtualPageViewsFor('/news-guides/photographing-the-aurora')).toEqual([
      'virtual/news-guides',
    ]);
  });

  it('adds nothing for other screens', () => {
    expect(virtualPageViewsFor('/')).toEqual([]);
    expect(virtualPageViewsFor('/forecast')).toEqual([]);
    expect(virtualPageViewsFor('/news')).toEqual([]);
  });
});

describe('page_view events', () => {
  afterEach(() => {
    delete (globalThis as { dataLayer?: unknown }).dataLayer;
  });

  it('pushes a page_view and the virtual views to the tag manager queue', () => {
    trackPageView('/contact', 'Contact Us · Aurora');
    const layer = (globalThis as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer;
    expect(layer).toContainEqual({
      event: 'page_view',
      page_path: '/contact',
      page_title: 'Contact Us · Aurora',
    });
    expect(layer).toContainEqual({
      event: 'virtual_page_view',
      page_path: '/virtual/contact',
      page_title: 'Contact Us · Aurora',
    });
  });
});

describe('the analytics loader', () => {
  it('loads only in production, on a real host, with a configured container', () => {
    expect(
      shouldLoadAnalytics({
        production: true,
        hostname: 'aurora.example.org',
        tagManagerId: 'GTM-1',
      }),
    ).toBe(true);
    expect(
      shouldLoadAnalytics({ production: true, hostname: 'localhost', tagManagerId: 'GTM-1' }),
    ).toBe(false);
    expect(
      shouldLoadAnalytics({
        production: false,
        hostname: 'aurora.example.org',
        tagManagerId: 'GTM-1',
      }),
    ).toBe(false);
    expect(
      shouldLoadAnalytics({ production: true, hostname: 'aurora.example.org', tagManagerId: '' }),
    ).toBe(false);
  });
});

describe('cookie consent', () => {
  function memory(initial: Record<string, string> = {}) {
    const store = new Map(Object.entries(initial));
    return {
      store,
      read: (k: string) => store.get(k) ?? null,
      write: (k: string, v: string) => void store.set(k, v),
    };
  }

  it('is set to true automatically under both keys when nothing is stored', () => {
    const m = memory();
    expect(ensureConsent(m.read, m.write)).toBe(true);
    expect(m.store.get('cookieConsent')).toBe('true');
    expect(m.store.get('cookie-consent')).toBe('true');
  });

  it('respects a stored refusal', () => {
    const m = memory({ cookieConsent: 'false' });
    expect(ensureConsent(m.read, m.write)).toBe(false);
    expect(m.store.get('cookie-consent')).toBeUndefined();
    expect(hasConsent(m.read)).toBe(false);
  });

  it('accepts consent stored under either key', () => {
    expect(hasConsent(memory({ 'cookie-consent': 'true' }).read)).toBe(true);
    expect(hasConsent(memory({ cookieConsent: 'true' }).read)).toBe(true);
  });
});
