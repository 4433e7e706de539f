import { expect, test } from '@playwright/test';

/**
 * Tonight's verdict kept at every saved place by the poller worker (issue 27), against the whole
 * chain: the page's own verdict code is refused, so the page keeps no night at all; the two saved
 * places' nights in the list can only come from the worker.
 */
test('both saved places’ nights are listed though the page never worked a verdict out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  // The page's verdict chunk (the only page code that keeps a night) never loads.
  await page.route(/\/TonightVerdict-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-basemap', 'drawn', {
    timeout: 30_000,
  });

  const places = page.getByRole('region', { name: 'Saved places' });
  for (const [name, lat, lon] of [
    ['Cabin', '69.65', '18.96'],
    ['Lake hut', '68.35', '18.83'],
  ] as const) {
    await places.getByLabel('Name').fill(name);
    await places.getByLabel('Latitude').fill(lat);
    await places.getByLabel('Longitude').fill(lon);
    await places.getByRole('button', { name: 'Save place' }).click();
    await expect(places.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  }
  await expect(page.getByText(/Tonight’s verdict could not be loaded/)).toBeVisible({
    timeout: 30_000,
  });

  const slot = page.getByTestId('history-panel-slot');
  await slot.scrollIntoViewIfNeeded();
  const panel = page.getByRole('region', { name: 'Forecasts lately, and your nights' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const nights = panel.getByTestId('nights-list').getByRole('listitem');
  await expect(nights).toHaveCount(2, { timeout: 45_000 });
  await expect(nights.filter({ hasText: /· Cabin · said (GO|MAYBE|NO)/ })).toHaveCount(1);
  await expect(nights.filter({ hasText: /· Lake hut · said (GO|MAYBE|NO)/ })).toHaveCount(1);
  await context.close();
});
