import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * The charts against the real stack replaying recorded SWPC files: the poller fills the local
 * database, the charts read it, and a pointer over a plot shows the values at that time.
 */
const chart = (page: Page, title: string) => page.locator(`figure[data-chart="${title}"]`);

/** The crosshair legend's value for a series label ("Bz (nT)"). */
function legendValue(figure: Locator, label: string): Locator {
  return figure
    .locator('.u-legend tr.u-series', {
      has: figure.page().locator('.u-label', { hasText: label }),
    })
    .locator('.u-value');
}

async function hover(page: Page, figure: Locator, fraction: number): Promise<void> {
  // A chart below the fold is built only once it comes near the viewport.
  await figure.scrollIntoViewIfNeeded();
  await figure.locator('.u-over').scrollIntoViewIfNeeded();
  const box = (await figure.locator('.u-over').boundingBox())!;
  await page.mouse.move(
    box.x + Math.max(1, Math.min(box.width - 1, box.width * fraction)),
    box.y + box.height / 2,
  );
}

test('/live-feeds: hovering the newest minute of the magnetic-field chart shows the Bz in its caption', async ({
  page,
}) => {
  await page.goto('/live-feeds');
  const field = chart(page, 'Magnetic field');
  await expect(field.locator('canvas')).toBeVisible({ timeout: 30_000 });
  const caption = field.locator('.time-chart__caption');
  await expect(caption).toHaveText(/^Magnetic field: Bz -?\d+\.\d nT/, { timeout: 30_000 });
  // The replay adds minutes as the test runs (a CI run read the caption at 56.9 nT, and a new
  // newest minute of 56.4 nT came before the hover): the caption and the legend are read at one
  // moment, the newest minute hovered afresh each time.
  const sameAsCaption = (figure: Locator, captionText: Locator, pattern: RegExp, label: string) =>
    expect
      .poll(async () => {
        await hover(page, figure, 1);
        const fromCaption = pattern.exec((await captionText.textContent()) ?? '')?.[1];
        return (
          fromCaption !== undefined &&
          fromCaption === (await legendValue(figure, label).textContent())
        );
      })
      .toBe(true);
  await sameAsCaption(field, caption, /Bz (-?\d+\.\d nT)/, 'Bz (nT)');
  await expect(field.locator('.u-legend tr.u-series').first().locator('.u-value')).toHaveText(
    /\d{2}:\d{2} UTC$/,
  );

  // The plasma chart follows the same crosshair (shared cursor) and says its units.
  const plasma = chart(page, 'Solar wind plasma');
  const plasmaCaption = plasma.locator('.time-chart__caption');
  await expect(plasmaCaption).toHaveText(/Speed \d+ km\/s/);
  await sameAsCaption(plasma, plasmaCaption, /Speed (\d+ km\/s)/, 'Speed (km/s)');
  await page.screenshot({ path: 'test-results/charts-live-feeds.png', fullPage: true });
});

test('/live-feeds: the solar-wind charts switch range and show their data as a table', async ({
  page,
}) => {
  await page.goto('/live-feeds');
  const field = chart(page, 'Magnetic field');
  await expect(field.locator('.time-chart__caption')).toHaveText(/Bz -?\d/, { timeout: 30_000 });
  await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '7 d' }).click();
  await expect(
    page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '7 d' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await field.getByRole('button', { name: 'Show as table' }).click();
  const firstRow = field.locator('.time-chart__table tbody tr').first();
  await expect(firstRow.locator('th')).toHaveText(/UTC$/);
  await expect(firstRow.locator('td').first()).toHaveText(/^-?\d+\.\d$|^–$/);
});

test('/forecast: hovering the Kp timeline reads a Kp value at that time', async ({ page }) => {
  // The chart screens create no Intl object: the first one costs a long task (scripts/vite/lazyUplotIntl.ts).
  await page.addInitScript(() => {
    const made: string[] = [];
    (globalThis as { __intlMade?: string[] }).__intlMade = made;
    for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Real = Intl[kind];
      Object.defineProperty(Intl, kind, {
        value: new Proxy(Real, {
          construct: (target, args) => (made.push(kind), Reflect.construct(target, args)),
          apply: (target, self, args) => (made.push(kind), Reflect.apply(target, self, args)),
        }),
      });
    }
  });
  await page.goto('/forecast');
  const kp = chart(page, 'Kp index');
  await expect(kp.locator('.time-chart__caption')).toHaveText(/Kp/, { timeout: 30_000 });
  await expect(kp.locator('.time-chart__caption')).not.toHaveText(/no data stored/, {
    timeout: 30_000,
  });
  const shown: string[] = [];
  // Across the week: wherever the pointer is, one of observed, estimated or forecast Kp has a value.
  for (const f of [0.2, 0.4, 0.6, 0.69]) {
    await hover(page, kp, f);
    for (const label of ['Observed Kp', 'Estimated Kp (1 min)', 'Forecast Kp'])
      shown.push((await legendValue(kp, label).textContent()) ?? '');
  }
  const numbers = shown.filter((v) => /^\d\.\d\d$/.test(v)).map(Number);
  expect(numbers.length).toBeGreaterThan(0);
  for (const n of numbers) expect(n).toBeLessThanOrEqual(9);
  expect(await page.evaluate(() => (globalThis as { __intlMade?: string[] }).__intlMade)).toEqual(
    [],
  );
  await page.screenshot({ path: 'test-results/charts-forecast.png', fullPage: true });
});

test('the charts draw offline from the local database after one visit', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/live-feeds');
  await waitForServiceWorkerControl(page);
  await expect(chart(page, 'Magnetic field').locator('.time-chart__caption')).toHaveText(
    /Bz -?\d/,
    { timeout: 30_000 },
  );
  await page.goto('/forecast');
  await expect(chart(page, 'Kp index').locator('canvas')).toBeVisible({ timeout: 30_000 });
  // The solar cycle is not on the first screen: /forecast asks the poller for it when it opens.
  await expect(chart(page, 'Sunspot number').locator('.time-chart__caption')).toHaveText(
    /Monthly \d/,
    { timeout: 30_000 },
  );

  await context.setOffline(true);
  await page.goto('/live-feeds');
  const field = chart(page, 'Magnetic field');
  await expect(field.locator('canvas')).toBeVisible();
  await expect(field.locator('.time-chart__caption')).toHaveText(/Bz -?\d/);
  await hover(page, field, 1);
  await expect(legendValue(field, 'Bz (nT)')).toHaveText(/^-?\d+\.\d nT$/);
  // A reload with no network: served by the service worker, drawn from IndexedDB.
  await page.reload();
  await expect(field.locator('canvas')).toBeVisible();
  await expect(field.locator('.time-chart__caption')).toHaveText(/Bz -?\d/);
  await page.goto('/forecast');
  await expect(chart(page, 'Kp index').locator('canvas')).toBeVisible();
  await expect(chart(page, 'Sunspot number').locator('.time-chart__caption')).toHaveText(
    /Monthly \d/,
  );
  await context.setOffline(false);
});

test('the map panel loads its small charts only when asked, and they read values under the pointer', async ({
  page,
}) => {
  const chartChunks: string[] = [];
  page.on('request', (r) => {
    if (/uPlot|MapPanelCharts/i.test(r.url())) chartChunks.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  const open = page.getByRole('button', { name: 'Show Kp and solar-wind trends' });
  await expect(open).toBeVisible();
  expect(chartChunks).toEqual([]);
  await open.click();
  const field = page.locator('.map-summary').locator('figure[data-chart="Magnetic field"]');
  await expect(field.locator('.time-chart__caption')).toHaveText(/Bz -?\d+\.\d nT/, {
    timeout: 30_000,
  });
  // A small chart has fewer pixels than minutes: the pointer reads the sample nearest to it.
  await hover(page, field, 0.9);
  await expect(legendValue(field, 'Bz (nT)')).toHaveText(/^-?\d+\.\d nT$/);
  await expect(field.locator('.u-legend tr.u-series').first().locator('.u-value')).toHaveText(
    /\d{2}:\d{2} UTC$/,
  );
  await expect(
    page.locator('.map-summary').locator('figure[data-chart="Kp index"] canvas'),
  ).toBeVisible();
  await page.locator('.map-summary').screenshot({ path: 'test-results/charts-map-panel.png' });
});

test('/live-feeds and /forecast: hovering hemispheric power and the solar cycle reads their values', async ({
  page,
}) => {
  await page.goto('/live-feeds');
  const power = chart(page, 'Hemispheric power');
  await expect(power.locator('.time-chart__caption')).toHaveText(/North \d+ GW/, {
    timeout: 30_000,
  });
  const north = /North (\d+ GW)/.exec(
    (await power.locator('.time-chart__caption').textContent())!,
  )![1]!;
  await hover(page, power, 1);
  await expect(legendValue(power, 'North (GW)')).toHaveText(north);
  await expect(legendValue(power, 'South (GW)')).toHaveText(/^\d+ GW$/);

  await page.goto('/forecast');
  const cycle = chart(page, 'Sunspot number');
  await expect(cycle.locator('.time-chart__caption')).toHaveText(/Monthly \d/, { timeout: 30_000 });
  // Somewhere across the cycle both the observed monthly number and NOAA's prediction have values.
  const shown: string[] = [];
  for (const f of [0.3, 0.6, 0.9, 0.99]) {
    await hover(page, cycle, f);
    for (const label of ['Monthly', 'NOAA prediction'])
      shown.push((await legendValue(cycle, label).textContent()) ?? '');
  }
  expect(shown.filter((v) => /^\d+(\.\d)?$/.test(v)).length).toBeGreaterThan(0);
});

test('on a phone a tap on the map panel’s small charts shows a value and its time, and the speed axis shows whole numbers', async ({
  browser,
}) => {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Show Kp and solar-wind trends' }).tap();
  const panel = page.locator('.map-summary');
  const tapAt = async (figure: Locator, fraction: number) => {
    const over = figure.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * fraction, box.y + box.height / 2);
  };

  const field = panel.locator('figure[data-chart="Magnetic field"]');
  await expect(field.locator('.time-chart__caption')).toHaveText(/Bz -?\d+\.\d nT/, {
    timeout: 30_000,
  });
  await tapAt(field, 0.9);
  await expect(legendValue(field, 'Bz (nT)')).toHaveText(/^-?\d+\.\d nT$/);
  await expect(field.locator('.u-legend tr.u-series').first().locator('.u-value')).toHaveText(
    /\d{2}:\d{2} UTC$/,
  );
  await expect(legendValue(field, 'Bz (nT)')).toBeInViewport();

  // The Kp timeline spans days with samples in only part of them (the replayed files): a tap
  // anywhere reads the nearest sample, with that sample's time, not a row of dashes.
  const kp = panel.locator('figure[data-chart="Kp index"]');
  await expect(kp.locator('.time-chart__caption')).toHaveText(/Kp[^:]*: .*\d\.\d/, {
    timeout: 30_000,
  });
  await tapAt(kp, 0.15);
  const values = kp.locator('.u-legend tr.u-series .u-value');
  await expect
    .poll(async () => (await values.allInnerTexts()).slice(1).some((v) => /^\d\.\d\d$/.test(v)))
    .toBe(true);
  await expect(values.first()).toHaveText(/\d{2}:\d{2} UTC$/);

  // The replayed wind passes 1,000 km/s: the speed axis is wide enough for "1,000", not ",000".
  const plasma = panel.locator('figure[data-chart="Solar wind plasma"]');
  await expect(plasma.locator('.time-chart__caption')).toHaveText(/Speed \d+ km\/s/);
  const fits = await plasma.evaluate((figure) => {
    const axis = figure.querySelectorAll<HTMLElement>('.u-axis')[1]!;
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = '10px system-ui, sans-serif';
    return {
      width: axis.getBoundingClientRect().width,
      needed: ctx.measureText('1,000').width + 15,
    };
  });
  expect(fits.width).toBeGreaterThanOrEqual(fits.needed);
  await context.close();
});

test('/live-feeds on a phone: the charts near the first screen draw at once, the hemispheric power chart far below them once scrolled to, its values in its text from the start', async ({
  browser,
}) => {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/live-feeds');
  await expect(chart(page, 'Magnetic field').locator('canvas')).toHaveCount(1, { timeout: 30_000 });
  await expect(chart(page, 'Solar wind plasma').locator('canvas')).toHaveCount(1);
  const power = chart(page, 'Hemispheric power');
  const caption = power.locator('.time-chart__caption');
  await expect(caption).toHaveText(/North \d+ GW/, { timeout: 30_000 });
  // Its box is there (the page does not move when it draws), the plot is not built yet.
  await expect(power.locator('.time-chart__plot')).toHaveCount(1);
  await expect(power.locator('canvas')).toHaveCount(0);
  await power.scrollIntoViewIfNeeded();
  await expect(power.locator('canvas')).toBeVisible();
  const north = /North (\d+ GW)/.exec((await caption.textContent())!)![1]!;
  await hover(page, power, 1);
  await expect(legendValue(power, 'North (GW)')).toHaveText(north);
  await context.close();
});
