import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';
import { STORM_FRAMES, ovationBody } from '../fixtures/swpc/ovation.ts';

/**
 * The aurora map against the whole chain: the poller worker fetches the OVATION grid from the local
 * stack's space-weather function (which replays constructed SWPC files here), writes it to the local
 * database, and the map draws it. Only the slider test stands in for SWPC's timeline (see there).
 */

const map = (page: Page) => page.locator('.aurora-map__ol');

async function waitForOval(page: Page): Promise<string> {
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });
  return (await map(page).getAttribute('data-rendered-frame'))!;
}

/** The land follows the first oval (the oval is not held back for it): a screenshot waits for both. */
async function waitForBasemap(page: Page): Promise<void> {
  await expect(map(page)).toHaveAttribute('data-basemap', 'drawn', { timeout: 20_000 });
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await waitForBasemap(page);
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
  await expect(status).toContainText(
    /Observed \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d UTC([+-][\d:]+)? \(.+ ago\)/,
  );
  await expect(map(page)).toHaveAttribute('data-rendered-projection', 'EPSG:3857');
  await attachScreenshot(page, testInfo, 'map-flat');

  await page.getByRole('radio', { name: 'Globe' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', /^AURORA:ORTHO:N:/, {
    timeout: 20_000,
  });
  await expect(map(page)).toHaveAttribute('data-rendered-frame', frame);
  await attachScreenshot(page, testInfo, 'map-globe-north');

  await page.getByRole('radio', { name: 'South' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', /^AURORA:ORTHO:S:/, {
    timeout: 20_000,
  });
  await attachScreenshot(page, testInfo, 'map-globe-south');

  await page.getByRole('radio', { name: 'Flat' }).check();
  await expect(map(page)).toHaveAttribute('data-rendered-projection', 'EPSG:3857');

  // The slider holds the stored frames; with one replay file there is one, and it says so.
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

test('the map is keyboard operable: focusable with a label, arrow keys pan, plus zooms', async ({
  page,
}) => {
  await page.goto('/');
  await waitForOval(page);
  await waitForBasemap(page);
  const target = map(page);
  await expect(target).toHaveAttribute('aria-label', /Arrow keys pan/);
  await target.focus();
  const before = await target.screenshot();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await expect
    .poll(async () => (await target.screenshot()).equals(before), { timeout: 10_000 })
    .toBe(false);
});

/**
 * The map with four stored frames: the stack replays one constructed frame, so it can only ever
 * store one. To have several, the aurora-oval route serves four constructed frames of 2022-04-14
 * (tests/fixtures/swpc/ovation.ts) in turn, timed as SWPC published that afternoon's, and the page
 * clock is set to that evening (the slider shows the last 24 h). Returns the slider.
 */
async function openWithFourFrames(page: Page, context: BrowserContext) {
  const bodies = STORM_FRAMES.map((shape) => ovationBody(shape));
  let served = 0;
  // One product at a time (as a backend without `multi` is asked), whatever form is asked for:
  // these are bodies in the agency's format, read as such.
  await context.route(/\/functions\/v1\/space-weather\/multi\?/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  // The first request is the worker's early ask for a first visit's oval (workers/poller/firstGrid.ts),
  // which reads only the compact form: it gets the first frame without using it up.
  let asked = 0;
  await context.route(/\/functions\/v1\/space-weather\/aurora-oval(\?|$)/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: bodies[Math.min(asked++ === 0 ? served : served++, bodies.length - 1)]!,
    }),
  );
  await page.clock.install({ time: new Date('2022-04-14T19:40:00Z') });
  await page.goto('/');
  await waitForOval(page);
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  // Leaving Go Offline asks the poller for a fresh poll: one more published frame each time.
  for (
    let i = 0;
    i < 10 && !/of 4$/.test((await slider.getAttribute('aria-valuetext')) ?? '');
    i++
  ) {
    await page.getByRole('button', { name: 'Go Offline' }).click();
    await page.getByRole('button', { name: 'Go Online' }).click();
    await page.waitForTimeout(1000);
  }
  await expect(slider).toHaveAttribute('aria-valuetext', '14 Apr 2022, 19:26 UTC, frame 4 of 4');
  return slider;
}

test('the time slider steps through the stored frames with the keyboard, and plays and pauses', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const slider = await openWithFourFrames(page, context);
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T19:26:00Z')),
  );

  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '14 Apr 2022, 14:32 UTC, frame 3 of 4');
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T14:32:00Z')),
  );
  await expect(page.locator('.map-status')).toContainText('Earlier frame');
  await page.keyboard.press('Home');
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T14:22:00Z')),
  );

  await page.getByRole('button', { name: 'Play' }).click();
  await expect(map(page)).not.toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T14:22:00Z')),
  );
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Latest' }).click();
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T19:26:00Z')),
  );
});

test('a slider step is drawn in the task that made it: the map shows the new frame before the next animation frame begins', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openWithFourFrames(page, context);
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T19:26:00Z')),
  );
  // A callback asked before the step runs first in the next animation frame, before any draw the
  // map would have left to that frame: the canvas it reads is what the step itself drew.
  const changed = await page.evaluate(async () => {
    const canvas = document.querySelector('.aurora-map__ol canvas') as HTMLCanvasElement;
    const pixels = () => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let h = 0;
      for (let i = 0; i < data.length; i += 4) h = (h * 31 + data[i]! + data[i + 1]! * 7) | 0;
      return h;
    };
    const before = pixels();
    const atNextFrame = new Promise<number>((resolve) =>
      requestAnimationFrame(() => resolve(pixels())),
    );
    (document.querySelector('button[aria-label="Previous frame"]') as HTMLButtonElement).click();
    return (await atNextFrame) !== before;
  });
  expect(changed).toBe(true);
  await expect(map(page)).toHaveAttribute(
    'data-rendered-frame',
    String(Date.parse('2022-04-14T14:32:00Z')),
  );
});

test("on a phone the status lines sit under the map, leaving the map and the user's place uncovered, and the line under the title points below the map", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 }, // Tromsø: the weather replay covers it
  });
  const page = await context.newPage();
  await page.goto('/');
  // No place yet: the line says where the place panels are on this screen.
  const wait = page.getByTestId('tonight-verdict');
  await expect(wait).toHaveText(/save a place \(below the map\)/, { useInnerText: true });
  await expect(wait).not.toHaveText(/beside the map/, { useInnerText: true });
  await waitForOval(page);

  // With a place and clouds on, the status says the most it says.
  await page.getByRole('button', { name: 'Show my location' }).click();
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();
  await expect(page.getByTestId('cloud-status')).toContainText(
    'At your place (tonight’s verdict): MET Norway',
    { timeout: 60_000 },
  );
  const mapBox = (await page.locator('.map-page__map').boundingBox())!;
  const lines = page.locator('.map-status__line');
  expect(await lines.count()).toBeGreaterThanOrEqual(3);
  for (const box of await Promise.all((await lines.all()).map((l) => l.boundingBox()))) {
    expect(box!.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
  }
  // And the slider still follows, under the status lines.
  const slider = (await page.locator('.time-slider').boundingBox())!;
  const last = (await lines.last().boundingBox())!;
  expect(slider.y).toBeGreaterThanOrEqual(last.y + last.height - 1);

  // On a wide screen the panels are beside the map, and the status keeps to the map's top corner.
  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = (await page.locator('.map-page__map').boundingBox())!;
  const first = (await lines.first().boundingBox())!;
  expect(first.y).toBeLessThan(wide.y + wide.height / 3);
  await context.close();
});
