import {
  expect,
  test,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import {
  measureHeader,
  measureLayout,
  measureTitle,
  seeThrough,
} from '../support/e2e/layoutProbes.ts';
import { DEBUG_ROUTES, ROUTES, type RouteCase } from '../support/e2e/routes.ts';
import { startServer, type RunningServer } from '../support/e2e/server.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

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

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
type Viewport = (typeof VIEWPORTS)[number];

/** Redirects show another route's screen, already visited under its own path. */
const SCREENS: RouteCase[] = ROUTES.filter((r) => !r.finalPath);

const PASSWORD = 'Borealis-Kp7-Night';

/** Moves to `path` inside the running app, as its links do (a full load per screen is slow). */
async function openInApp(page: Page, path: string, h1?: string): Promise<void> {
  const go = (to: string) => {
    if (location.pathname !== to) history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  };
  await page.evaluate(go, path);
  await expect(page).toHaveURL((u) => u.pathname === path);
  if (!h1) return;
  // A popstate sent while the app is still booting (it boots after the first paint) can be lost
  // to the router's initial load: send it again until the screen is the one asked for.
  await expect
    .poll(async () => {
      const shown = await page.locator('h1').first().textContent();
      if (shown !== h1) await page.evaluate(go, path);
      return shown;
    })
    .toBe(h1);
}

/** Waits until the screen stops growing: panels fill in as the local database answers. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const main = document.querySelector('main');
          return `${document.documentElement.scrollHeight}:${main?.getBoundingClientRect().height}:${main?.querySelectorAll('*').length}`;
        });
        const stable = now === last;
        last = now;
        return stable;
      },
      { intervals: [300], timeout: 15_000 },
    )
    .toBe(true);
}

async function screenProblems(page: Page, h1: string): Promise<string[]> {
  await expect(page.locator('h1')).toHaveText(h1);
  // The footer joins after the first paint (src/ui/useAfterFirstPaint.ts).
  await expect(page.locator('footer.footer')).toHaveCount(1);
  await settle(page);
  const problems = [
    ...(await page.evaluate(measureLayout)),
    ...(await page.evaluate(measureTitle)),
  ];
  return problems.map((p) => `${p.kind}: ${p.detail}`);
}

/** Signs a new account up through the app's own form, without reloading the page. */
async function signUpInApp(page: Page, tag: string): Promise<void> {
  await openInApp(page, '/signup', 'Sign Up');
  await page.getByLabel('Email').fill(`e2e.layout.${tag}.${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: 'Sign Up', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
}

interface SweepOptions {
  /** What names the run in screenshots and the e-mail address it signs up with. */
  tag: string;
  /** A banner that must be showing on every screen checked (null: the plain layout). */
  banner: Locator | null;
  /** Around the sign-up, which needs the network (the offline run goes online for it). */
  beforeSignUp?: () => Promise<void>;
  afterSignUp?: () => Promise<void>;
}

/**
 * Every screen of the app in turn, moving inside the app (so a banner stays up): the signed-out
 * screens, the debug screens, then /settings signed in. Returns one line per problem found.
 */
async function sweepScreens(page: Page, testInfo: TestInfo, opts: SweepOptions): Promise<string[]> {
  const found: string[] = [];
  const check = async (path: string, h1: string) => {
    if (opts.banner) await expect(opts.banner, `the banner shows on ${path}`).toBeVisible();
    const problems = await screenProblems(page, h1);
    found.push(...problems.map((p) => `${path} — ${p}`));
    if (problems.length > 0) {
      const name = `${opts.tag}${path.replace(/\W+/g, '-')}.png`;
      await testInfo.attach(name, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
  };

  for (const route of SCREENS) {
    await openInApp(page, route.path, route.h1);
    await check(route.path, route.h1);
    if (route.path === '/')
      found.push(
        ...(await page.evaluate(measureHeader)).map((p) => `header — ${p.kind}: ${p.detail}`),
      );
  }

  // Debug mode brings /debug/* (and its floating dock, which is outside main).
  await page.evaluate(() => localStorage.setItem('debug-mode', 'true'));
  for (const route of DEBUG_ROUTES) {
    await openInApp(page, route.path, route.h1);
    await check(route.path, route.h1);
  }
  await page.evaluate(() => localStorage.removeItem('debug-mode'));

  // Signed in, /settings is its own screen.
  await opts.beforeSignUp?.();
  await signUpInApp(page, opts.tag);
  await opts.afterSignUp?.();
  await openInApp(page, '/settings');
  await expect(page.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });
  await check('/settings', 'Settings');
  found.push(
    ...(await page.evaluate(measureHeader)).map(
      (p) => `header, signed in — ${p.kind}: ${p.detail}`,
    ),
  );
  return found;
}

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

/** The flat map's centre as [lon, lat], once it has drawn (AuroraMap writes it after each render). */
async function mapCentre(page: Page): Promise<[number, number] | null> {
  const value = await page.locator('.aurora-map__ol').getAttribute('data-view-centre');
  if (!value) return null;
  const [lon, lat] = value.split(',').map(Number);
  return [lon!, lat!];
}

test.describe('where the flat map opens', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('without a location it opens over the northern auroral zone between North America and Europe, not on the equator', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await expect.poll(() => mapCentre(page)).not.toBeNull();
    const [lon, lat] = (await mapCentre(page))!;
    expect(lat).toBeGreaterThan(55);
    expect(lat).toBeLessThan(72);
    expect(lon).toBeGreaterThan(-100);
    expect(lon).toBeLessThan(20);
  });

  test("once the person's location is known in the south, it moves to the southern auroral zone over their longitude, and opens there next time", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: -42.88, longitude: 147.33 }, // Hobart
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => mapCentre(page)).not.toBeNull();
    await page.getByRole('button', { name: 'Show my location' }).click();
    await expect.poll(async () => (await mapCentre(page))?.[1] ?? 0).toBeLessThan(-55);
    const [lon, lat] = (await mapCentre(page))!;
    expect(lat).toBeGreaterThan(-72);
    // The view is 160° of longitude or more: Hobart is in it (the view stops at the antimeridian).
    expect(Math.abs(lon - 147.33)).toBeLessThanOrEqual(80);

    // The location is remembered on this device: the next visit opens there without asking.
    await page.reload();
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await expect.poll(async () => (await mapCentre(page))?.[1] ?? 0).toBeLessThan(-55);
    await context.close();
  });
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} the map with tonight's half hours, the cloud layer and the slider moved into the forecast hours keeps its layout`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport,
      permissions: ['geolocation'],
      geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 }, // Tromsø: the weather replay covers it
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Show my location' }).click();
    await page.getByRole('checkbox', { name: 'Cloud cover' }).check();
    await expect(page.getByTestId('tonight-ages')).toContainText(
      /clouds (\d+ h )?\d+ (min|h) ago/,
      {
        timeout: 90_000,
      },
    );
    // The longest the slider gets: every hour ahead, and its last one chosen (the longest labels).
    await expect(
      page.getByRole('region', { name: /^Last 24 hours and the next \d+ h/ }),
    ).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Forecast frame' });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('forecast-hour-status')).toContainText(/\d+ h ahead/);
    await page.getByTestId('tonight-verdict').getByRole('button').click();
    await expect(page.getByRole('list', { name: 'Tonight, half hour by half hour' })).toBeVisible();
    const found = [
      ...(await screenProblems(page, 'Aurora Map')),
      ...(await page.evaluate(measureHeader)).map((p) => `header — ${p.kind}: ${p.detail}`),
    ];
    if (found.length > 0)
      await testInfo.attach(`${viewport.width}-map-forecast-hour.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    // The slider and its label stay on screen, beside or under the map, never over it.
    const sliderBox = (await page.locator('.time-slider').boundingBox())!;
    const mapBox = (await page.locator('.map-page__map').boundingBox())!;
    expect(sliderBox.x + sliderBox.width).toBeLessThanOrEqual(viewport.width + 1);
    expect(sliderBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
    expect(found).toEqual([]);
    await context.close();
  });
}

test('the user menu opened over the map legend hides the legend under it: no text shows through', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signUpInApp(page, 'menu');
  await openInApp(page, '/');
  const legend = page.locator('.aurora-legend');
  await expect(legend).toBeVisible();
  await page.locator('.user-menu__toggle').click();
  const menu = page.locator('.user-menu__panel');
  await expect(menu).toBeVisible();
  const [m, l] = [(await menu.boundingBox())!, (await legend.boundingBox())!];
  // The case in question: the menu is drawn over the legend's text.
  expect(Math.min(m.x + m.width, l.x + l.width) - Math.max(m.x, l.x)).toBeGreaterThan(0);
  expect(Math.min(m.y + m.height, l.y + l.height) - Math.max(m.y, l.y)).toBeGreaterThan(0);
  expect(await menu.evaluate(seeThrough)).toBeNull();
});

test('on a phone, moving through a page with Tab never leaves the focused control under the bottom bar or the header', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const hidden: string[] = [];
  for (const path of ['/guide', '/about']) {
    await page.goto(path);
    await expect(page.locator('footer.footer')).toHaveCount(1);
    await settle(page);
    for (let step = 0; step < 80; step++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        // The bars' own controls are where they belong, and the skip link is drawn over the header.
        if (el.closest('header.app-header, nav.bottom-nav, .skip-link')) return null;
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) return null;
        const bar = document.querySelector('nav.bottom-nav')!.getBoundingClientRect();
        const header = document.querySelector('header.app-header')!.getBoundingClientRect();
        const under = r.bottom > bar.top + 1 || r.top < header.bottom - 1;
        const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
        return under ? `${name} at ${Math.round(r.top)}–${Math.round(r.bottom)}` : null;
      });
      if (covered) hidden.push(`${path}: ${covered}`);
    }
  }
  expect(hidden).toEqual([]);
});
