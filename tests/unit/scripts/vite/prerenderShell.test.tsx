// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { prerenderHtml } from '../../../../scripts/vite/prerenderShell.tsx';
import { ROUTE_TITLES } from '../../../../src/app/RouteFrame.tsx';
import { NAV_ITEMS } from '../../../../src/app/navItems.ts';
import { PRERENDERED_ROUTES, prerenderedFileFor } from '../../../../src/sw/navigationRules.ts';
import { ROUTE_TEXT } from '../../../../src/ui/routeText.ts';

const TEMPLATE = `<!doctype html><html><head><title>Aurora</title><link rel="stylesheet" crossorigin href="/assets/index-x.css"></head><body><div id="root"></div><script type="module" src="/assets/index-y.js"></script></body></html>`;

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the prerendered HTML of each route', () => {
  it.each(PRERENDERED_ROUTES.map((p) => [p]))(
    '%s holds its h1, the header and both navigations',
    (path) => {
      const doc = parse(prerenderHtml(TEMPLATE, path));
      const h1s = doc.querySelectorAll('#root h1');
      expect(h1s).toHaveLength(1);
      expect(h1s[0]!.textContent).toBe(ROUTE_TITLES[path]);
      expect(doc.querySelectorAll('#root header.app-header')).toHaveLength(1);
      const sidebar = doc.querySelector('nav[aria-label="Main navigation"]');
      const bottom = doc.querySelector('nav[aria-label="Main navigation (mobile)"]');
      for (const nav of [sidebar, bottom]) {
        const hrefs = [...nav!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
        expect(hrefs).toEqual(expect.arrayContaining(NAV_ITEMS.map((i) => i.to)));
      }
      // The script still loads, once the shell is painted: React takes the page over.
      expect(doc.querySelector('script[data-entry="/assets/index-y.js"]')).not.toBeNull();
    },
  );

  it("paints the map screen's frame on `/`: the line under the h1 and the map box, saying the map is loading", () => {
    const doc = parse(prerenderHtml(TEMPLATE, '/'));
    const header = doc.querySelector('#root .map-page header.map-page__header');
    const line = header?.querySelector('p.map-page__tonight-wait');
    expect(line?.textContent).toMatch(/^Tonight: share your location or save a place \(/);
    // Both places of the panels are in the HTML; the stylesheet shows the one this width has.
    expect(line?.querySelector('.map-page__where--beside')?.textContent).toBe('beside the map');
    expect(line?.querySelector('.map-page__where--below')?.textContent).toBe('below the map');
    const box = doc.querySelector('#root .map-page__body .map-page__main .map-page__map');
    expect(box?.querySelector('[role="status"]')?.textContent).toBe('Loading map data...');
    // Only `/` carries the map frame.
    expect(parse(prerenderHtml(TEMPLATE, '/forecast')).querySelector('.map-page')).toBeNull();
  });

  it.each([
    ['/forecast', ROUTE_TEXT['/forecast']],
    ['/live-feeds', ROUTE_TEXT['/live-feeds']],
    ['/news', ROUTE_TEXT['/news-guides']],
  ] as const)(
    "paints %s's lead line, the words its page shows, so React repaints no larger text",
    (path, text) => {
      const doc = parse(prerenderHtml(TEMPLATE, path));
      expect(doc.querySelector('#root .page__header h1 + p.page__lead')?.textContent).toBe(
        text.lead,
      );
    },
  );

  it('gives a wide page its wide frame, and a page whose lead depends on the visitor none', () => {
    expect(
      parse(prerenderHtml(TEMPLATE, '/guide')).querySelector('.page.page--wide'),
    ).not.toBeNull();
    expect(parse(prerenderHtml(TEMPLATE, '/forecast')).querySelector('.page--wide')).toBeNull();
    // Signed in, /settings says who you are: nothing to prerender.
    expect(parse(prerenderHtml(TEMPLATE, '/settings')).querySelector('.page__lead')).toBeNull();
  });

  it('marks the route current in the navigation and names the page in the title', () => {
    const doc = parse(prerenderHtml(TEMPLATE, '/forecast'));
    expect(doc.querySelector('nav.bottom-nav a[aria-current="page"]')?.getAttribute('href')).toBe(
      '/forecast',
    );
    expect(doc.title).toBe('Aurora Forecast · Aurora');
  });

  it('inlines the entry stylesheet it is given, so the first paint waits for no second request', () => {
    const html = prerenderHtml(TEMPLATE, '/', new Map([['assets/index-x.css', '.app{color:red}']]));
    expect(html).toContain('<style>.app{color:red}</style>');
    // Kept only as a disabled (never fetched) marker for the build's preload helper.
    const links = [...parse(html).querySelectorAll('link[rel="stylesheet"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.hasAttribute('disabled')])).toEqual([
      ['/assets/index-x.css', true],
    ]);
  });

  it('gives the generic shell no h1 (the router decides what the path is)', () => {
    const doc = parse(prerenderHtml(TEMPLATE, null));
    expect(doc.querySelector('#root h1')).toBeNull();
    expect(doc.querySelector('#root header.app-header')).not.toBeNull();
  });

  it('maps navigations to their prerendered files', () => {
    expect(prerenderedFileFor('/')).toBe('index.html');
    expect(prerenderedFileFor('/forecast')).toBe('forecast.html');
    expect(prerenderedFileFor('/forecast/')).toBe('forecast.html');
    expect(prerenderedFileFor('/auth/callback')).toBe('auth/callback.html');
    expect(prerenderedFileFor('/news-guides/kp-explained')).toBe('shell.html');
  });
});
