import { expect, test } from '@playwright/test';
import { authenticate, profileRow, storedAuth, uniqueEmail } from '../support/e2e/account.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * A signed-in user who opens the app with no network is still signed in, edits their own
 * preferences (not the device's anonymous ones), and those edits reach their profile when the
 * network comes back — without a reload. The service worker is allowed: it is what opens the app
 * offline.
 */

const PREFERENCE_COLUMNS =
  'default_map_view,default_map_style,show_aurora_on_load,show_clouds_on_load';

test('a signed-in user who reloads offline edits their own preferences, and the profile has them once the network is back, without a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await authenticate(page, uniqueEmail('offline'), 'signup');
  await page.goto('/settings');
  const prefs = page.getByRole('group', { name: 'Map preferences' });
  await expect(prefs).toBeEnabled({ timeout: 15_000 });
  await waitForServiceWorkerControl(page);
  const auth = await storedAuth(page, request, baseURL!);
  expect(await profileRow(request, baseURL!, auth, PREFERENCE_COLUMNS)).toMatchObject({
    default_map_view: 'flat',
    default_map_style: 'dark',
    show_clouds_on_load: false,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Settings');
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  await expect(prefs).toBeEnabled({ timeout: 15_000 });
  let loads = 0;
  page.on('load', () => (loads += 1));

  // Three edits, offline; each control follows the local database, so it changes once stored.
  await page.getByRole('radio', { name: 'Globe (3D)' }).click();
  await expect(page.getByRole('radio', { name: 'Globe (3D)' })).toBeChecked();
  await page.getByLabel('Map style').selectOption('light');
  await expect(page.getByLabel('Map style')).toHaveValue('light');
  await page.getByLabel('Show clouds when the map opens').click();
  await expect(page.getByLabel('Show clouds when the map opens')).toBeChecked();
  // Nothing could leave the device yet.
  expect(await profileRow(request, baseURL!, auth, PREFERENCE_COLUMNS)).toMatchObject({
    default_map_view: 'flat',
    default_map_style: 'dark',
    show_clouds_on_load: false,
  });

  await context.setOffline(false);
  await expect
    .poll(() => profileRow(request, baseURL!, auth, PREFERENCE_COLUMNS), { timeout: 20_000 })
    .toMatchObject({
      default_map_view: '3d',
      default_map_style: 'light',
      show_clouds_on_load: true,
    });
  expect(loads).toBe(0);
  // Still the user's own settings on screen, signed in.
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  await expect(page.getByLabel('Map style')).toHaveValue('light');
  await context.close();
});
