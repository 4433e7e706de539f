import { expect, test, type Page } from '@playwright/test';
import { measureHeader, seeThrough } from '../support/e2e/layoutProbes.ts';
import {
  openInApp,
  screenProblems,
  settle,
  signUpInApp,
  VIEWPORTS,
} from '../support/e2e/screenSweep.ts';

/**
 * The map screen's own layout cases: where the flat map opens, the map with everything on it at
 * each size, the user menu over the legend, and Tab on a phone. Every screen with and without
 * banners: layout.spec.ts.
 */

// The layout is what is tested; the service worker (offline.spec.ts) stays out of it.
test.use({ serviceWorkers: 'block' });

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

    // The location is remembered on this device: the next visit opens there without asking. A
    // second tab reads the device's store, so it opens there only once the location is written;
    // a reload at once could come before the write (the map moves as soon as the browser answers).
    const next = await context.newPage();
    await next.goto('/');
    await expect.poll(async () => (await mapCentre(next))?.[1] ?? 0).toBeLessThan(-55);
    await next.close();
    // And from its first frame: every centre and hemisphere the map shows on the reload is
    // southern (the place it last opened on is kept beside the early grid, before the database).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (globalThis as { __mapSeen?: string[] }).__mapSeen = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          const value = (r.target as Element).getAttribute(r.attributeName!);
          if (value) seen.push(`${r.attributeName}=${value}`);
        }
      }).observe(document, {
        subtree: true,
        attributeFilter: ['data-view-centre', 'data-hemisphere'],
      });
    });
    await page.reload();
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await expect.poll(async () => (await mapCentre(page))?.[1] ?? 0).toBeLessThan(-55);
    const seen = await page.evaluate(() => (globalThis as { __mapSeen?: string[] }).__mapSeen);
    expect(seen?.some((s) => s.startsWith('data-view-centre='))).toBe(true);
    for (const s of seen ?? []) {
      if (s.startsWith('data-hemisphere=')) expect(s).toBe('data-hemisphere=south');
      else expect(Number(s.split(',')[1]), s).toBeLessThan(-55);
    }
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
