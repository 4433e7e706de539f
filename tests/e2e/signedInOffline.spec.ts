import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * A signed-in user who opens the app with no network is still signed in, edits their own
 * preferences (not the device's anonymous ones), and those edits reach their profile when the
 * network comes back — without a reload. The service worker is allowed: it is what opens the app
 * offline.
 */

const PASSWORD = 'Borealis-Kp7-Night';
/**
 * The test reads the profile between long waits: a kept-alive connection the gateway has closed
 * meanwhile (Node's 5 s idle timeout) would fail the read with "socket hang up".
 */
const FRESH_CONNECTION = { connection: 'close' };

function uniqueEmail(what: string): string {
  return `e2e.${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

interface StoredAuth {
  userId: string;
  accessToken: string;
  anonKey: string;
}

/** The session the page keeps, and the stack's anon key, for reading the profile row. */
async function storedAuth(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
): Promise<StoredAuth> {
  const { anon_key: anonKey } = (await (
    await request.get(`${baseURL}/auth/v1/settings`, { headers: FRESH_CONNECTION })
  ).json()) as { anon_key: string };
  const session = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('aurora-auth') ?? 'null') as {
        access_token: string;
        user: { id: string };
      },
  );
  return { userId: session.user.id, accessToken: session.access_token, anonKey };
}

/** The user's profile row as PostgREST serves it to them (row-level security applies). */
async function profileRow(
  request: APIRequestContext,
  baseURL: string,
  auth: StoredAuth,
): Promise<Record<string, unknown> | null> {
  const res = await request.get(
    `${baseURL}/rest/v1/profiles?id=eq.${auth.userId}&select=default_map_view,default_map_style,show_aurora_on_load,show_clouds_on_load`,
    {
      headers: {
        ...FRESH_CONNECTION,
        apikey: auth.anonKey,
        Authorization: `Bearer ${auth.accessToken}`,
      },
    },
  );
  expect(res.ok()).toBe(true);
  const rows = (await res.json()) as Record<string, unknown>[];
  return rows[0] ?? null;
}

test('a signed-in user who reloads offline edits their own preferences, and the profile has them once the network is back, without a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('offline'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: 'Sign Up', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
  await page.goto('/settings');
  const prefs = page.getByRole('group', { name: 'Map preferences' });
  await expect(prefs).toBeEnabled({ timeout: 15_000 });
  await waitForServiceWorkerControl(page);
  const auth = await storedAuth(page, request, baseURL!);
  expect(await profileRow(request, baseURL!, auth)).toMatchObject({
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
  expect(await profileRow(request, baseURL!, auth)).toMatchObject({
    default_map_view: 'flat',
    default_map_style: 'dark',
    show_clouds_on_load: false,
  });

  await context.setOffline(false);
  await expect
    .poll(() => profileRow(request, baseURL!, auth), { timeout: 20_000 })
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
