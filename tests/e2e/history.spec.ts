import { expect, test, type Page } from '@playwright/test';

/**
 * The track record and the person's own nights against the whole chain (issue 27): the map page's
 * history panel is its own chunk, asked for only once the first oval is drawn; tonight's verdict at
 * a shared location is kept by the page and listed there and on /forecast, beside the one sentence
 * on whether the forecasts beat persistence.
 */

const map = (page: Page) => page.locator('.aurora-map__ol');

/** Records, on the page's own clock, when the map first drew an oval (before any script runs). */
function recordOvalTime(): void {
  const w = window as unknown as { __ovalDrawnAt?: number };
  const watch = new MutationObserver(() => {
    const el = document.querySelector('.aurora-map__ol');
    if (
      w.__ovalDrawnAt === undefined &&
      /^\d+$/.test(el?.getAttribute('data-rendered-frame') ?? '')
    )
      w.__ovalDrawnAt = performance.now();
  });
  watch.observe(document, { subtree: true, attributes: true, childList: true });
}

test('the history panel comes after the oval, when scrolled near, and a shared location’s verdict is kept among the last nights on / and /forecast', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.addInitScript(recordOvalTime);
  await page.goto('/');

  const panel = page.getByRole('region', { name: 'Forecasts lately, and your nights' });
  const slot = page.getByTestId('history-panel-slot');
  await expect(slot).toBeAttached({ timeout: 45_000 });
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/);
  // Below the fold its code is not asked for until the person scrolls near it.
  const chunkLoaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .some((e) => /\/HistoryPanel-[^/]*\.js$/.test(e.name)),
    );
  // On a phone the side panels are below the map: the slot is far below the fold.
  expect(await slot.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(844 + 300);
  expect(await chunkLoaded()).toBe(false);
  await slot.scrollIntoViewIfNeeded();
  await expect(panel).toBeVisible({ timeout: 20_000 });
  // The panel's chunk (the scoring code and its reads) was asked for only after the oval was drawn.
  const order = await page.evaluate(() => {
    const chunk = performance
      .getEntriesByType('resource')
      .find((e) => /\/HistoryPanel-[^/]*\.js$/.test(e.name));
    return {
      chunkAt: chunk?.startTime ?? null,
      ovalAt: (window as unknown as { __ovalDrawnAt?: number }).__ovalDrawnAt ?? null,
    };
  });
  expect(order.chunkAt).not.toBeNull();
  expect(order.ovalAt).not.toBeNull();
  expect(order.chunkAt!).toBeGreaterThan(order.ovalAt!);
  // A fresh device holds no scored forecast yet: the panel says so rather than inventing a score.
  await expect(panel.getByTestId('history-panel-verdict')).toContainText(
    /^(Not enough yet to tell|Better than assuming tomorrow is like today)/,
  );
  await expect(panel.getByTestId('nights-empty')).toBeVisible();

  await page.getByRole('button', { name: 'Show my location' }).click();
  await expect(page.getByTestId('tonight-verdict').getByRole('button')).toHaveText(
    /^(Best|Maybe|Not) tonight: /,
    { timeout: 30_000 },
  );
  // Kept by the page as tonight's record at the shared place, listed live.
  const night = panel.getByTestId('nights-list').getByRole('listitem');
  await expect(night).toHaveCount(1, { timeout: 15_000 });
  await expect(night).toContainText(/Your location · said (GO|MAYBE|NO)/);

  await page.getByRole('link', { name: 'The numbers' }).click();
  await expect(page).toHaveURL(/\/forecast#track-record$/);
  const track = page.getByRole('region', { name: 'How good have the forecasts been?' });
  // The link's #track-record brings that part into view, not the top of the forecast.
  await expect(
    track.getByRole('heading', { name: 'How good have the forecasts been?' }),
  ).toBeInViewport();
  await expect(track.getByTestId('track-record-verdict')).toContainText(
    /^(Not enough yet to tell|Better than assuming tomorrow is like today)/,
    { timeout: 20_000 },
  );
  await expect(track.getByRole('columnheader', { name: 'HSS, persistence' })).toBeVisible();
  await expect(track.getByTestId('nights-list').getByRole('listitem')).toContainText(
    /Your location · said (GO|MAYBE|NO)/,
  );
  await context.close();
});
