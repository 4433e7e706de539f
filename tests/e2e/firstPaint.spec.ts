import { expect, test } from '@playwright/test';
import { ROUTE_TEXT } from '../../src/ui/routeText.ts';

/**
 * Issue 12: the shell is painted from the HTML's first bytes, before (and without) JavaScript,
 * and React takes it over without a second header; what travels is compressed.
 */

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' });

  for (const [path, title] of [
    ['/', 'Aurora Map'],
    ['/forecast', 'Aurora Forecast'],
    ['/live-feeds', 'Live Aurora Feeds'],
  ] as const) {
    if (path !== '/') {
      test(`paints the lead line of ${path} under its h1, on a phone and a wide screen`, async ({
        page,
      }) => {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(path);
          const lead = page.locator('main .page__header h1 + p.page__lead');
          await expect(lead).toHaveText(ROUTE_TEXT[path].lead);
          const [h1Box, leadBox] = await Promise.all([
            page.getByRole('heading', { level: 1 }).boundingBox(),
            lead.boundingBox(),
          ]);
          // Below the heading, inside the window: a person reads it without scrolling.
          expect(leadBox!.y).toBeGreaterThan(h1Box!.y);
          expect(leadBox!.x + leadBox!.width).toBeLessThanOrEqual(width);
          expect(leadBox!.y + leadBox!.height).toBeLessThan(844);
        }
      });
    }
    test(`paints the header, the navigation and the h1 of ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('header.app-header')).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main navigation (mobile)' }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Main navigation (mobile)' })
          .getByRole('link', { name: 'Aurora Forecast' }),
      ).toHaveAttribute('href', '/forecast');
      // Styled from the inlined stylesheet: the bar sits at the bottom of a phone's screen.
      const bar = await page.locator('nav.bottom-nav').boundingBox();
      expect(bar && bar.y + bar.height).toBeGreaterThan(800);
    });
  }

  test("paints the map screen's frame on / — the line under the h1 and the map box, styled", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('.map-page__tonight-wait')).toHaveText(
      /^Tonight: share your location/,
    );
    await expect(page.locator('.map-page__map')).toContainText('Loading map data...');
    // The frame's rules are in the inlined stylesheet: the box already has the map's height.
    const box = await page.locator('.map-page__map').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(320);
  });
});

test.describe('a first visit of / on a phone', () => {
  test.use({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });

  test('has its largest paint in the first paint, from the prerendered HTML, not in a line that waits for data', async ({
    page,
  }) => {
    // Each largest-contentful-paint candidate, with its element's class read while it is attached.
    await page.addInitScript(`
      window.__lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__lcp.push({ at: e.startTime, cls: e.element ? e.element.className : null });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    `);
    await page.goto('/');
    // Until the oval is drawn from the data the worker fetched: every later line has painted.
    await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /\d/, {
      timeout: 60_000,
    });
    const { lcp, fcp } = (await page.evaluate(`({
      lcp: window.__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
    })`)) as { lcp: { at: number; cls: string | null }[]; fcp: number };
    const largest = lcp[lcp.length - 1]!;
    expect(largest.cls).toBe('map-page__tonight-wait');
    expect(largest.at).toBeLessThanOrEqual(fcp);
  });
});

test.describe('with JavaScript', () => {
  test.use({ serviceWorkers: 'block' });

  test('asks for the JavaScript only once the shell is painted, and the boot breaks no security policy', async ({
    page,
  }) => {
    await page.addInitScript(`
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
    `);
    await page.goto('/');
    // React has taken the shell over: the entry ran.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    const { fcp, scripts, violations } = (await page.evaluate(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      scripts: performance.getEntriesByType('resource')
        .filter((e) => e.initiatorType !== 'fetch' && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
      violations: window.__cspViolations,
    })`)) as { fcp: number; scripts: { name: string; start: number }[]; violations: string[] };
    expect(violations).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    // Not one script request started before the first contentful paint.
    expect(scripts.filter((s) => s.start < fcp)).toEqual([]);
  });

  test('a first visit fetches no file that is not there: only the page itself answers as HTML', async ({
    page,
  }) => {
    const html: string[] = [];
    page.on('response', (r) => {
      if ((r.headers()['content-type'] ?? '').startsWith('text/html')) html.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await page.waitForLoadState('load');
    // A missing file (a favicon the page does not declare, say) gets the app shell back.
    expect(html.map((u) => new URL(u).pathname)).toEqual(['/']);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('React takes the prerendered shell over without duplicating the header', async ({
    page,
  }) => {
    await page.goto('/forecast');
    // The prerendered markup carries data-prerendered; React's own shell does not.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Forecast' })).toBeVisible();
    await expect(page.locator('header.app-header')).toHaveCount(1);
    await expect(page.locator('#root h1')).toHaveCount(1);
    await expect(page.locator('nav.bottom-nav')).toHaveCount(1);
    await expect(page.locator('footer.footer')).toHaveCount(1);
  });

  test('the HTML, scripts and styles of a first visit arrive brotli-compressed', async ({
    page,
  }) => {
    const seen: Promise<[string, { encoding: string | undefined; length: number }]>[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (/\.(js|css)$/.test(url.pathname) || r.request().resourceType() === 'document') {
        seen.push(
          r
            .allHeaders()
            .then((h) => [
              url.pathname,
              { encoding: h['content-encoding'], length: Number(h['content-length']) },
            ]),
        );
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Map' })).toBeVisible();
    // The scripts load after the first paint: wait until React has taken the shell over.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await page.waitForLoadState('load');
    // The headers are read asynchronously: wait for every one seen so far.
    const encodings = new Map(await Promise.all(seen));
    expect(encodings.get('/')?.encoding).toBe('br');
    const files = [...encodings].filter(([p]) => p !== '/');
    expect(
      files.filter(([p, f]) => p.endsWith('.js') && f.encoding === 'br').length,
    ).toBeGreaterThan(0);
    // Files under 1 KB are sent as they are (compressing them saves less than a header); every other one is compressed.
    expect(
      files.filter(([, f]) => f.encoding !== 'br' && !(f.length < 1024)).map(([p]) => p),
    ).toEqual([]);
  });
});

test.describe("while a screen's code is slow to arrive", () => {
  test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

  for (const [path, chunk] of [
    ['/forecast', /\/assets\/ForecastPage-[^/]+\.js$/],
    ['/live-feeds', /\/assets\/LiveFeedsPage-[^/]+\.js$/],
  ] as const) {
    test(`${path} keeps its prerendered h1 and lead line on screen after React takes over, with the loading line under them`, async ({
      page,
    }) => {
      // The screen's chunk is held back until the test lets it through: a slow link, without timing.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(chunk, async (route) => {
        await released;
        await route.continue();
      });
      const asked = page.waitForRequest(chunk);
      await page.goto(path);
      await asked;
      // React has replaced the prerendered markup with its own render, still without the screen's code.
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      const title = page.getByRole('heading', { level: 1 });
      const lead = page.locator('main .page__header h1 + p.page__lead');
      const loading = page.locator('main').getByText('Loading content...');
      await expect(title).toHaveText(ROUTE_TEXT[path].title);
      await expect(title).toBeInViewport();
      await expect(lead).toHaveText(ROUTE_TEXT[path].lead);
      await expect(loading).toBeVisible();
      expect((await loading.boundingBox())!.y).toBeGreaterThan((await lead.boundingBox())!.y);

      release();
      await expect(loading).toHaveCount(0, { timeout: 30_000 });
      await expect(title).toHaveText(ROUTE_TEXT[path].title);
      await expect(lead).toHaveText(ROUTE_TEXT[path].lead);
    });
  }
});
