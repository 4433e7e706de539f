import { expect, test } from '@playwright/test';
import { NAV_ITEMS, ROUTES } from '../support/e2e/routes.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

// Offline is proven, not assumed: one online visit, then no network at all.
test('after one visit every route opens offline, by URL and by navigation', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  for (const route of ROUTES) {
    await page.goto(route.path);
    await expect(page.locator('h1'), `offline ${route.path}`).toHaveText(route.h1);
    if (route.finalPath) await expect(page).toHaveURL((u) => u.pathname === route.finalPath);
  }

  await page.goto('/about');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation', exact: true });
  for (const item of NAV_ITEMS) {
    await sidebar.getByRole('link', { name: item.label }).click();
    await expect(page.locator('h1'), `offline navigation to ${item.path}`).toHaveText(item.h1);
  }

  // A reload with no network is served by the service worker too.
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await context.setOffline(false);
});
