import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS, SIDEBAR_MAIN_ITEMS } from '../../../src/app/navItems.ts';
import { createStars, STAR_COUNT, starAlpha } from '../../../src/app/stars.ts';

function activeFor(pathname: string): string[] {
  return NAV_ITEMS.filter((item) => isNavItemActive(item.to, pathname)).map((item) => item.label);
}

describe('navigation active rules', () => {
  it('lights the map only on / itself', () => {
    expect(activeFor('/')).toEqual(['Aurora Map']);
    expect(activeFor('/about')).toEqual([]);
  });

  it('lights Live Aurora Feeds on /live-feeds and on /alerts', () => {
    expect(activeFor('/live-feeds')).toEqual(['Live Aurora Feeds']);
    expect(activeFor('/alerts')).toEqual(['Live Aurora Feeds']);
  });

  it('lights Space News on /news-guides, any subpath, and /news', () => {
    expect(activeFor('/news-guides')).toEqual(['Space News']);
    expect(activeFor('/news-guides/aurora-viewing-tutorial')).toEqual(['Space News']);
    expect(activeFor('/news')).toEqual(['Space News']);
    expect(activeFor('/news-guides/')).toEqual(['Space News']);
  });

  it('does not confuse routes that share a prefix', () => {
    expect(activeFor('/sdo-test')).toEqual([]);
    expect(activeFor('/newsletter')).toEqual([]);
    expect(activeFor('/guide')).toEqual(['Aurora Guides']);
  });

  it('lists the items in the product’s order, with Settings kept out of the desktop main list', () => {
    expect(NAV_ITEMS.map((i) => i.to)).toEqual([
      '/',
      '/sdo',
      '/forecast',
      '/live-feeds',
      '/guide',
      '/news-guides',
      '/settings',
    ]);
    expect(SIDEBAR_MAIN_ITEMS.map((i) => i.to)).not.toContain('/settings');
  });
});

describe('the starfield', () => {
  it('has 200 stars placed inside the canvas', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const stars = createStars(STAR_COUNT, random);
    expect(stars).toHaveLength(200);
    expect(stars.every((s) => s.x >= 0 && s.x < 1 && s.y >= 0 && s.y < 1)).toBe(true);
  });

  it('holds every star still under reduced motion', () => {
    const [star] = createStars(1, () => 0.5);
    expect(starAlpha(star!, 0, true)).toBe(star!.alpha);
    expect(starAlpha(star!, 37.2, true)).toBe(star!.alpha);
    expect(starAlpha(star!, 1, false)).not.toBe(starAlpha(star!, 2, false));
  });
});
