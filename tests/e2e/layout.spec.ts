import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/e2e/server.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';
import { sweepScreens, VIEWPORTS, type Viewport } from '../support/e2e/screenSweep.ts';

/**
 * Every screen, at a phone, a tablet, a laptop and a large desktop: nothing in `main` runs under
 * the footer, no two pieces of text sit on top of each other, nothing pushes the page sideways,
 * a table too wide for its place scrolls inside its own box instead of being cut off, and the
 * screen's h1 is drawn with nothing over it. Once with no banner, then once with each banner
 * showing (offline, "API Error Detected", a new version): a banner sits above the title, never
 * over it.
 */

// The layout is what is tested; the service worker (offline.spec.ts) stays out of it, except
// where a banner needs it (offline screens come from its precache; an update is a waiting worker).
test.use({ serviceWorkers: 'block' });

const OFFLINE_TEXT = 'You are offline. Using cached data when available.';

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`at ${size} no screen puts content under the footer, text on text, anything off the side, or anything over its title`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const found = await sweepScreens(page, testInfo, { tag: `${viewport.width}`, banner: null });
    expect(found).toEqual([]);
  });

  test(`at ${size} with the offline banner showing, every screen keeps its title in sight and its layout`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    // Offline, each screen comes from the service worker's precache.
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    const banner = page.locator('.app__notices').getByText(OFFLINE_TEXT);
    const found = await sweepScreens(page, testInfo, {
      tag: `offline-${viewport.width}`,
      banner,
      beforeSignUp: () => context.setOffline(false),
      afterSignUp: () => context.setOffline(true),
    });
    expect(found).toEqual([]);
    await context.close();
  });

  test(`at ${size} with "API Error Detected" showing, every screen keeps its title in sight and its layout`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    // No data request gets an answer (as in honestData.spec.ts): the banner says so and stays.
    await context.route(/\/functions\/v1\/(space-weather|sdo-image)\//, (route) =>
      route.abort('connectionrefused'),
    );
    await context.route(/services\.swpc\.noaa\.gov|sdo\.gsfc\.nasa\.gov/, (route) =>
      route.abort('connectionrefused'),
    );
    await page.goto('/');
    const banner = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'API Error Detected' }) });
    await expect(banner).toBeVisible({ timeout: 60_000 });
    const found = await sweepScreens(page, testInfo, { tag: `api-${viewport.width}`, banner });
    expect(found).toEqual([]);
  });

  test(`at ${size} with a new version waiting, every screen keeps its title in sight and its layout`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const found = await withWaitingUpdate(viewport, browser, async (page) => {
      const banner = page.getByText('A new version is available!');
      await expect(banner).toBeVisible({ timeout: 30_000 });
      return sweepScreens(page, testInfo, { tag: `update-${viewport.width}`, banner });
    });
    expect(found).toEqual([]);
  });
}

/**
 * Runs `body` on a page whose service worker has found a new version waiting: the first build is
 * served and installed, then the second build (scripts/e2e.ts builds both) replaces it on the
 * same origin, as a deploy does (the update flow itself is update.spec.ts).
 */
async function withWaitingUpdate<T>(
  viewport: Viewport,
  browser: Browser,
  body: (page: Page) => Promise<T>,
): Promise<T> {
  const v1 = process.env.E2E_DIST_V1 ?? 'dist';
  const v2 = process.env.E2E_DIST_V2 ?? 'dist-v2';
  let server: RunningServer | null = await startServer({ distDir: v1 });
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await waitForServiceWorkerControl(page);
    const port = server.port;
    await server.stop();
    server = null;
    server = await startServer({ distDir: v2, port });
    await page.reload();
    return await body(page);
  } finally {
    await context.close();
    await server?.stop();
  }
}
