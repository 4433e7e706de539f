import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  authenticate,
  profileRow,
  storedAuth,
  uniqueEmail,
  type StoredAuth,
} from '../support/e2e/account.ts';

/**
 * A device whose storage is full (Chromium's quota for the origin overridden through DevTools)
 * must not lose a signed-in user's preference change: the change reaches the profile, the page
 * says in words what it could not keep, and nothing is thrown uncaught. The service worker is
 * blocked: its precache alone would fill these quotas, and it is not what this is about.
 */
test.use({ serviceWorkers: 'block' });

/** Signs a new user up through the page, and returns what reading their profile takes. */
async function signUp(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
): Promise<StoredAuth> {
  await authenticate(page, uniqueEmail('full'), 'signup');
  return storedAuth(page, request, baseURL);
}

/** One column of the user's profile row, as PostgREST serves it to them. */
async function profileColumn(
  request: APIRequestContext,
  baseURL: string,
  account: StoredAuth,
  column = 'default_map_style',
): Promise<unknown> {
  return (await profileRow(request, baseURL, account, column))?.[column];
}

/** Runs in the page: whether IndexedDB refuses a small write for want of space. */
function writeRefused(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('aurora-quota-probe', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('probe');
    open.onerror = () => resolve(open.error?.name === 'QuotaExceededError');
    open.onsuccess = () => {
      const tx = open.result.transaction('probe', 'readwrite');
      tx.objectStore('probe').put('x'.repeat(4096), Date.now());
      tx.oncomplete = () => {
        open.result.close();
        resolve(false);
      };
      tx.onabort = () => {
        open.result.close();
        resolve(tx.error?.name === 'QuotaExceededError');
      };
    };
  });
}

for (const quotaKB of [20, 300]) {
  test(`with storage full (a ${quotaKB} KB quota), a signed-in change still reaches the profile, the page says in words what it could not keep, and nothing is thrown`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const account = await signUp(page, request, baseURL!);
    // A visit to the map first: the device keeps some aurora data, as a real one would.
    await page.goto('/');
    await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /^\d+$/, {
      timeout: 45_000,
    });
    await page.goto('/settings');
    const prefs = page.getByRole('group', { name: 'Map preferences' });
    await expect(prefs).toBeEnabled({ timeout: 15_000 });
    expect(await profileColumn(request, baseURL!, account)).toBe('dark');

    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', {
      origin: new URL(baseURL!).origin,
      quotaSize: quotaKB * 1024,
    });
    // Chromium's IndexedDB trusts the space it last looked up for a while: wait until a write
    // of this origin is refused, as every write of a full device is.
    await expect
      .poll(() => page.evaluate(writeRefused), { timeout: 90_000, intervals: [2_000] })
      .toBe(true);

    await page.getByLabel('Map style').selectOption('light');
    await expect
      .poll(() => profileColumn(request, baseURL!, account), { timeout: 20_000 })
      .toBe('light');
    // What is on screen is the user's choice; the page says in words what it could not keep, and
    // no raw error name.
    await expect(page.getByLabel('Map style')).toHaveValue('light');
    const prefsSection = page.getByRole('region', { name: 'Map preferences' });
    await expect(prefsSection.getByRole('alert')).toHaveText(
      "This device's storage is full, so this change is not kept on this device. It is saved to your account.",
    );
    await expect(page.locator('main')).not.toContainText(/QuotaExceeded|DOMException|RxError/);
    // A second change goes the same way, and the first one is still there.
    await page.getByLabel('Show clouds when the map opens').click();
    await expect(page.getByLabel('Show clouds when the map opens')).toBeChecked();
    await expect
      .poll(() => profileColumn(request, baseURL!, account, 'show_clouds_on_load'))
      .toBe(true);
    expect(await profileColumn(request, baseURL!, account)).toBe('light');
    await page.screenshot({ path: `test-results/storage-full-${quotaKB}kb.png` });
    expect(errors).toEqual([]);
  });
}
