import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { waitForServiceWorkerControl } from './support/sw.ts';

/**
 * The aurora map against the whole chain: the poller worker fetches the OVATION grid from the local
 * stack's space-weather function (which replays recorded SWPC files here), writes it to the local
 * database, and the map draws it. Nothing is mocked.
 */

const map = (page: Page) => page.locator('.aurora-map__ol');

async function waitForOval(page: Page): Promise<string> {
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });
  return (await map(page).getAttribute('data-rendered-frame'))!;
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

test('the oval appears, flat and globe and both hemispheres draw it, and an offline reload shows it again with its age', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  const frame = await waitForOval(page);
  const status = page.locator('.map-status');
  await expect(status).toContainText('Aurora forecast for');
  await expect(status).toContainText(/Observed \d{4}-\d\d-\d\d \d\d:\d\d UTC \(.+ ago\)/);
  await expect(map(page)).toHaveAttribute('data-rendered-projection', 'EPSG:3857');
  await attachScreenshot(page, testInfo, 'map-flat');

  await page.getByRole('radio', { name: 'Globe' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', /^AURORA:ORTHO:N:/, { timeout: 20_000 });
  await expect(map(page)).toHaveAttribute('data-rendered-frame', frame);
  await attachScreenshot(page, testInfo, 'map-globe-north');

  await page.getByRole('radio', { name: 'South' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', /^AURORA:ORTHO:S:/, { timeout: 20_000 });
  await attachScreenshot(page, testInfo, 'map-globe-south');

  await page.getByRole('radio', { name: 'Flat' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', 'EPSG:3857');

  // The slider holds the stored frames; with one recorded file there is one, and it says so.
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  await expect(slider).toHaveAttribute('aria-valuetext', /frame \d+ of \d+/);

  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  expect(await waitForOval(page)).toBe(frame);
  await expect(status).toContainText(/Observed .+ \(.+ ago\)/);
  await attachScreenshot(page, testInfo, 'map-offline');
  await context.setOffline(false);
});

test('the map is keyboard operable: focusable with a label, arrow keys pan, plus zooms', async ({ page }) => {
  await page.goto('/');
  await waitForOval(page);
  const target = map(page);
  await expect(target).toHaveAttribute('aria-label', /Arrow keys pan/);
  await target.focus();
  const before = await target.screenshot();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await expect.poll(async () => (await target.screenshot()).equals(before), { timeout: 10_000 }).toBe(false);
});
