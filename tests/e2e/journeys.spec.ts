import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { authenticate, E2E_PASSWORD, uniqueEmail } from '../support/e2e/account.ts';

/**
 * Journeys a new user takes, against the real stack (gateway, auth, PostgREST, realtime on
 * Postgres) with the backend replaying recorded SWPC files. Each context is a fresh device: its own
 * IndexedDB, localStorage and Web Locks. The service worker is blocked: these journeys are about
 * the poller and replication, and the worker's own requests are then plain network requests the
 * test can count.
 */
test.use({ serviceWorkers: 'block' });

const POLL_PATH = '/functions/v1/space-weather/';

const map = (page: Page) => page.locator('.aurora-map__ol');

async function newDevice(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ serviceWorkers: 'block', ...options });
}

/**
 * Counts the poller's requests per page. In Chromium a dedicated worker's requests are reported
 * as the page's own, so the count says which tab polls.
 */
function countPolls(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(POLL_PATH)) n += 1;
  });
  return () => n;
}

/** The settings page's preferences are enabled once the account's sync has started in this tab. */
async function waitForAccountSync(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });
}

test('a signed-in user on a fresh device gets data: the poller keeps asking the backend and the map draws the oval', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('poll');
  const first = await newDevice(browser);
  await authenticate(await first.newPage(), email, 'signup');
  await first.close();

  // A second device: sign in, then open the app as a returning, signed-in user does.
  const device = await newDevice(browser);
  const page = await device.newPage();
  await authenticate(page, email, 'login');
  await waitForAccountSync(page);
  const polls = countPolls(page);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  // The page's session starts preference replication (leader tab only) before the poller's worker
  // opens its database; the worker must poll all the same.
  await expect.poll(polls, { timeout: 45_000 }).toBeGreaterThan(0);
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });
  await expect(page.getByText('No aurora forecast stored yet')).toHaveCount(0);
  await device.close();
});

test('two signed-in tabs of one device: exactly one of them polls, and the other takes over when it closes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('tabs');
  const device = await newDevice(browser);
  const first = await device.newPage();
  await authenticate(first, email, 'signup');
  await waitForAccountSync(first);
  const firstPolls = countPolls(first);
  await first.goto('/');
  await expect(map(first)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });

  const second = await device.newPage();
  const secondPolls = countPolls(second);
  await second.goto('/');
  await expect(map(second)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });
  // Both tabs are up and one of them has polled; a request from the other would be a second poller.
  await expect.poll(() => firstPolls() + secondPolls(), { timeout: 45_000 }).toBeGreaterThan(0);
  const counts = [firstPolls(), secondPolls()];
  expect(counts.filter((n) => n > 0)).toHaveLength(1);
  // The polling tab closes: the other tab's worker takes over.
  const [polling, other, otherPolls] =
    counts[0]! > 0 ? [first, second, secondPolls] : [second, first, firstPolls];
  await polling.close();
  await expect.poll(otherPolls, { timeout: 45_000 }).toBeGreaterThan(0);
  await expect(other.locator('h1')).toHaveText('Aurora Map');
  await device.close();
});

test('signing in on a second device while the map is open: the map takes the synced view and style, and follows later changes, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('follow');
  const deviceA = await newDevice(browser);
  const a = await deviceA.newPage();
  await authenticate(a, email, 'signup');
  await waitForAccountSync(a);
  // The settings' controls follow the local database: they change once the write has landed.
  await a.getByRole('radio', { name: 'Globe (3D)' }).click();
  await expect(a.getByRole('radio', { name: 'Globe (3D)' })).toBeChecked();
  await a.getByLabel('Map style').selectOption('light');

  const deviceB = await newDevice(browser);
  const b = await deviceB.newPage();
  let loads = 0;
  b.on('load', () => (loads += 1));
  await b.goto('/');
  await expect(map(b)).toHaveAttribute('data-view', 'flat');
  await expect(map(b)).toHaveAttribute('data-map-style', 'dark');
  // Sign in from the map's header: the app navigates in the page, it does not reload it.
  await b.getByRole('link', { name: 'Sign In' }).click();
  await b.getByLabel('Email').fill(email);
  await b.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await b.locator('form.auth-form').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(b.locator('h1')).toHaveText('Aurora Map', { timeout: 15_000 });
  await expect(map(b)).toHaveAttribute('data-view', '3d', { timeout: 15_000 });
  await expect(map(b)).toHaveAttribute('data-map-style', 'light');
  await expect(b.getByRole('radio', { name: 'Globe' })).toBeChecked();

  // The user turns clouds on here; then device A switches back to the flat view and the dark style.
  await b.getByRole('checkbox', { name: 'Cloud cover' }).check();
  await a.getByRole('radio', { name: 'Flat' }).click();
  await a.getByLabel('Map style').selectOption('dark');
  await expect(map(b)).toHaveAttribute('data-view', 'flat', { timeout: 15_000 });
  await expect(map(b)).toHaveAttribute('data-map-style', 'dark');
  await expect(b.getByRole('checkbox', { name: 'Cloud cover' })).toBeChecked();
  // The choice made on B reached the account too.
  await expect(a.getByLabel('Show clouds when the map opens')).toBeChecked({ timeout: 15_000 });
  expect(loads).toBe(1);
  await deviceA.close();
  await deviceB.close();
});

test('an anonymous user who reloads keeps the map as they left it: view, hemisphere, style, layers and location', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Tromsø: a northern position, so the southern hemisphere below is the user's choice, not the default.
  const device = await newDevice(browser, {
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
  });
  const page = await device.newPage();
  await page.goto('/');
  await expect(map(page)).toHaveAttribute('data-view', 'flat');
  await page.getByRole('button', { name: 'Show my location' }).click();
  const position = page.locator('.map-location__list');
  await expect(position).toContainText('69.7° N, 19.0° E');
  await page.getByRole('radio', { name: 'Globe' }).check();
  await page.getByRole('radio', { name: 'South' }).check();
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('checkbox', { name: 'Aurora forecast' }).uncheck();
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();
  await expect(map(page)).toHaveAttribute('data-hemisphere', 'south');
  // Stored: a second tab opens with them. (A reload at once is choiceBeforeClose.spec.ts.)
  const other = await device.newPage();
  await other.goto('/');
  await expect(other.getByRole('checkbox', { name: 'Cloud cover' })).toBeChecked();
  await expect(map(other)).toHaveAttribute('data-hemisphere', 'south');
  await other.close();

  // The position must come back from this device's storage, not from asking the browser again.
  await device.clearPermissions();
  await page.reload();
  await expect(map(page)).toHaveAttribute('data-view', '3d', { timeout: 15_000 });
  await expect(map(page)).toHaveAttribute('data-hemisphere', 'south');
  await expect(map(page)).toHaveAttribute('data-map-style', 'light');
  await expect(page.getByRole('radio', { name: 'Globe' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'South' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Aurora forecast' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Cloud cover' })).toBeChecked();
  await expect(position).toContainText('69.7° N, 19.0° E');
  await expect(position).toContainText('last shared on this device');
  await device.close();
});
