import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

const HOUR = 3_600_000;
const TROMSO = { lat: 69.65, lon: 18.96 };
const EDINBURGH = { lat: 55.95, lon: -3.19 };

const mapOf = (page: Page) => page.locator('.aurora-map__ol');

/** The view's centre once it has settled: the same for 300 ms (a pan ends in an animation). */
async function centre(map: Locator): Promise<{ lon: number; lat: number }> {
  let last = await map.getAttribute('data-view-centre');
  for (let i = 0; i < 50; i++) {
    await map.page().waitForTimeout(300);
    const now = await map.getAttribute('data-view-centre');
    if (now === last) break;
    last = now;
  }
  const [lon, lat] = last!.split(',').map(Number);
  return { lon: lon!, lat: lat! };
}

/** Web Mercator (the flat map's projection) in metres, and its resolution at a zoom level. */
const EARTH_RADIUS = 6378137;
const mercX = (lon: number) => (EARTH_RADIUS * lon * Math.PI) / 180;
const mercY = (lat: number) =>
  EARTH_RADIUS * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const resolutionAt = (zoom: number) => (2 * Math.PI * EARTH_RADIUS) / 256 / 2 ** zoom;

/**
 * Drags the map with the mouse (its own drag-pan) until the view's centre is within `slack`
 * degrees of `to`. Not with the arrow keys: a key pans a fixed 128 px, ~2.5° of latitude at
 * Tromsø's zoom and more than the slack, so the view came to rest wherever the steps allowed —
 * at times far enough north that its top ran past the replay's grid (76° N) and the coverage
 * stayed under 0.98.
 */
async function panTo(page: Page, to: { lat: number; lon: number }, slack: number) {
  const map = mapOf(page);
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const most = Math.min(box.width, box.height) / 3;
  const clamp = (v: number) => Math.max(-most, Math.min(most, v));
  for (let i = 0; i < 20; i++) {
    const at = await centre(map);
    if (Math.abs(to.lat - at.lat) <= slack && Math.abs(to.lon - at.lon) <= slack * 2) return;
    const resolution = resolutionAt(Number(await map.getAttribute('data-view-zoom')));
    // The map follows the pointer: the view moves east as the pointer moves west.
    const dx = clamp((mercX(to.lon) - mercX(at.lon)) / resolution);
    const dy = clamp((mercY(to.lat) - mercY(at.lat)) / resolution);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - dx, cy + dy, { steps: 8 });
    // Held still before the release: no kinetic glide after it.
    await page.waitForTimeout(250);
    await page.mouse.up();
  }
  throw new Error(`could not pan to ${to.lat},${to.lon}`);
}

/** One step of the map's zoom buttons, once the view is drawn at the new zoom. */
async function zoomBy(page: Page, step: 1 | -1) {
  const map = mapOf(page);
  const before = Number(await map.getAttribute('data-view-zoom'));
  await page.getByRole('button', { name: step > 0 ? 'Zoom in' : 'Zoom out' }).click();
  await expect
    .poll(async () => Number(await map.getAttribute('data-view-zoom')))
    .toBeCloseTo(before + step, 1);
}

/**
 * The cloud layer covers the whole view in cells of ≤ 0.5°. Within two minutes: a tile request that
 * failed (the weather function decoding under a loaded CI machine past the 10 s request timeout) is
 * retried after 60 s by design (workers/clouds/cloudLoop.ts FAILURE_RETRY_MS), and a minute's wait
 * read 0.957–0.969 then.
 */
async function expectCellsAcrossView(page: Page, timeout = 130_000) {
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-cloud-cell-deg', '0.5', { timeout });
  await expect
    .poll(async () => Number(await map.getAttribute('data-cloud-coverage')), { timeout })
    .toBeGreaterThanOrEqual(0.98);
}

/**
 * The regional cloud layer (issue 22): NOAA's NOMADS is pinned unreachable, so the weather
 * function answers from its constructed GFS sample (Tromsø's and Edinburgh's regions), moved to
 * the present. With no place chosen, the layer covers what the map shows; zoomed in over Tromsø
 * and over Edinburgh, at two zoom levels each, the view is covered in 0.5° cells; the slider runs
 * to at least +36 h with the clouds of each hour; and after that one visit the same views are
 * drawn offline from the device's own store. Online it never says "unavailable offline".
 */
test('the cloud layer covers the view in 0.5° cells over Tromsø and Edinburgh at two zoom levels, reaches +36 h on the slider, and comes back offline', async ({
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const map = mapOf(page);
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 });
  // No place chosen.
  await expect(page.getByTestId('tonight-verdict')).toContainText(
    'share your location or save a place',
  );
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();
  const status = page.getByTestId('cloud-status');
  await expect(status).toContainText('Clouds (total cloud', { timeout: 60_000 });
  await expect(status).toContainText('a replayed sample, not today’s forecast');
  await expect(status).toContainText('Cloud data: NOAA GFS');
  await expect(status).not.toContainText(/unavailable/i);
  // The opening view spans a continent: coarser cells, so it costs no more than a regional one.
  await expect(map).toHaveAttribute('data-cloud-cell-deg', /^[12]$/);

  const screens: string[] = [];
  for (const [name, place] of [
    ['tromso', TROMSO],
    ['edinburgh', EDINBURGH],
  ] as const) {
    // Zoom to a region first (two steps), then centre on the place, then one step further.
    if (name === 'tromso') {
      await zoomBy(page, 1);
      await zoomBy(page, 1);
    }
    await panTo(page, place, 1.5);
    await expectCellsAcrossView(page);
    await expect(status).not.toContainText(/unavailable/i);
    screens.push(`${name}-z1`);
    await page.screenshot({ path: testInfo.outputPath(`clouds-${name}-regional.png`) });
    await zoomBy(page, 1);
    await expectCellsAcrossView(page);
    await page.screenshot({ path: testInfo.outputPath(`clouds-${name}-closer.png`) });
    // Back out for the next place.
    await zoomBy(page, -1);
    await expectCellsAcrossView(page);
  }

  // The slider runs past now to tomorrow evening and beyond; the layer draws each hour.
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', /forecast \d+ h ahead/);
  const valueText = (await slider.getAttribute('aria-valuetext'))!;
  const ahead = Number(/forecast (\d+) h ahead/.exec(valueText)?.[1]);
  expect(ahead).toBeGreaterThanOrEqual(36);
  const lastHour = Number(await map.getAttribute('data-cloud-time'));
  expect(lastHour - Math.round(Date.now() / HOUR) * HOUR).toBeGreaterThanOrEqual(36 * HOUR - HOUR);
  await expect(page.getByRole('region', { name: /next \d+ h \(forecast\)/ })).toBeVisible();
  await expect(status).toContainText('forecast for');
  await page.getByRole('button', { name: 'Latest' }).click();

  // Low cloud alone: asked for once, drawn like the total.
  await page.getByRole('radio', { name: 'Low' }).check();
  await expect(status).toContainText('Clouds (low cloud, 0.5° cells)', { timeout: 60_000 });
  await page.getByRole('radio', { name: 'All' }).check();

  // Offline after that one visit: the views come back from the device's store.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 });
  await expect(page.getByRole('checkbox', { name: 'Cloud cover' })).toBeChecked();
  await expect(status).toContainText('Clouds (total cloud', { timeout: 30_000 });
  await zoomBy(page, 1);
  await zoomBy(page, 1);
  for (const [name, place] of [
    ['tromso', TROMSO],
    ['edinburgh', EDINBURGH],
  ] as const) {
    await panTo(page, place, 1.5);
    await expectCellsAcrossView(page, 30_000);
    await page.screenshot({ path: testInfo.outputPath(`clouds-${name}-offline.png`) });
  }
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', /forecast \d+ h ahead/);
  expect(
    Number(/forecast (\d+) h ahead/.exec((await slider.getAttribute('aria-valuetext'))!)?.[1]),
  ).toBeGreaterThanOrEqual(36);
  await context.close();
});
