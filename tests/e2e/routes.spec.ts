import { expect, test } from '@playwright/test';
import { DEBUG_ROUTES, NAV_ITEMS, ROUTES } from '../support/e2e/routes.ts';

// Online means the network answers: the service worker (proven by offline.spec.ts) stays out of it.
test.use({ serviceWorkers: 'block' });

test.describe('every route online', () => {
  test('each route shows its screen, with exactly one h1 naming it', async ({ page }) => {
    for (const route of ROUTES) {
      await test.step(`${route.path} → ${route.h1}`, async () => {
        await page.goto(route.path);
        await expect(page.locator('h1')).toHaveText(route.h1);
        if (route.finalPath) await expect(page).toHaveURL((u) => u.pathname === route.finalPath);
      });
    }
  });

  test('debug routes open only in debug mode', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('debug-mode', 'true'));
    for (const route of DEBUG_ROUTES) {
      await page.goto(route.path);
      await expect(page.locator('h1')).toHaveText(route.h1);
    }
    // /debug/api is a status panel: the backend's statistics and this device's feeds (table or empty state).
    await page.goto('/debug/api');
    await expect(page.getByRole('heading', { name: "This device's feeds" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Backend statistics' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Backend statistics' })
        .or(page.getByText(/^Statistics unavailable: /)),
    ).toBeVisible();
    // The overlays come with debug mode: the service-worker debugger opens from the dock.
    await page.getByRole('button', { name: 'SW & Cache' }).click();
    await expect(page.getByRole('heading', { name: 'Cache & Service Worker' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check Updates' })).toBeVisible();
  });
});

test('a desktop shows the sidebar; a 390×844 phone shows the bottom bar with every item instead', async ({
  page,
}) => {
  const sidebar = page.getByRole('navigation', { name: 'Main navigation', exact: true });
  const bar = page.getByRole('navigation', { name: 'Main navigation (mobile)' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await expect(sidebar).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(sidebar.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(bar).toBeVisible();
  await expect(sidebar).toBeHidden();
  for (const item of NAV_ITEMS)
    await expect(bar.getByRole('link', { name: item.label })).toBeVisible();
});
