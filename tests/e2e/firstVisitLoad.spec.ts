import { expect, test, type Request } from '@playwright/test';

/**
 * A first visit of / spends its first seconds on what / shows (DESIGN.md, "Why 320 KB";
 * bundle.initialGzipKB): the poller asks for the other screens' products, and runs the backfill
 * after a gap, only a while after the first screen (workers/poller/firstScreen.ts
 * OTHER_SCREENS_AFTER_MS) or when a screen that shows them asks — so the code that reads them
 * (the normalisers, the SDO list, the backfill) is not downloaded with `/`. Read from the requests
 * the page and its worker make, up to the exchange that brings the summary's solar wind.
 */

// The service worker's precache fetches every chunk in the background: blocked here, as in the
// bench, so the requests are the page's and its poller's own.
test.use({ serviceWorkers: 'block' });

const path = (r: Request) => new URL(r.url()).pathname;
const OTHER_SCREENS_CODE = /^\/assets\/(normalise|sdo|sdoImages|backfill|scoreNights)-[^/]+\.js$/;

test('a first visit of / asks for no other screen’s product or its code beside the map’s summary, and /forecast then gets its own at once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const requests: Request[] = [];
  context.on('request', (r) => requests.push(r));
  const summaryIn = context.waitForEvent('requestfinished', {
    predicate: (r) => path(r).endsWith('/space-weather/multi') && r.url().includes('solar-wind='),
    timeout: 45_000,
  });
  await page.goto('/');
  const summary = await summaryIn;
  await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /^\d+$/);

  // The exchange with the summary's solar wind and Bz carries nothing another screen shows…
  const asked = [...new URL(summary.url()).searchParams.keys()].sort();
  expect(asked).toEqual(['magnetic-field', 'solar-wind']);
  // …and until then nobody asked for the history, the SDO list or their readers.
  const sent = requests.map(path);
  expect(sent.filter((p) => p.includes('/space-weather/history/'))).toEqual([]);
  expect(sent.filter((p) => p.includes('/sdo-image/'))).toEqual([]);
  expect(sent.filter((p) => OTHER_SCREENS_CODE.test(p))).toEqual([]);

  // /forecast shows forecasts: it asks, and they come (with the normalisers) without the wait.
  const normalisers = context.waitForEvent('request', {
    predicate: (r) => /^\/assets\/normalise-[^/]+\.js$/.test(path(r)),
    timeout: 20_000,
  });
  const forecasts = context.waitForEvent('requestfinished', {
    predicate: (r) => r.url().includes('three-day-forecast'),
    timeout: 20_000,
  });
  await page
    .getByRole('navigation', { name: 'Main navigation', exact: true })
    .getByRole('link', { name: 'Aurora Forecast' })
    .click();
  await expect(page.locator('h1')).toHaveText('Aurora Forecast');
  await Promise.all([normalisers, forecasts]);
});
