import { expect, test, type CDPSession, type Page, type Request } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * "Go Offline" means silence: once the user forces offline mode, no part of the app — the page,
 * the poller worker, the service worker — sends a request, also after a reload and when the
 * browser wakes the service worker for a background or periodic sync. The service worker is
 * allowed here: its own requests are what this is about (Playwright reports them to the context).
 */

/** The worker's registration id, for DevTools' ServiceWorker domain. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Waits for the service worker to hand the open page its background sync message. */
async function waitForSyncMessage(page: Page, arm: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __syncSeen: boolean };
    w.__syncSeen = false;
    window.addEventListener('aurora:sync-aurora-data', () => (w.__syncSeen = true));
  });
  await arm();
  await page.waitForFunction(() => (window as unknown as { __syncSeen: boolean }).__syncSeen);
}

test("after Go Offline and a reload, a signed-in user's app sends nothing: not the page, the poller, preference sync or the service worker, not even on a sync or periodic sync", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Signed in: the backend client, the profile look-up and preference sync have requests to make too.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(`e2e.silent.${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Borealis-Kp7-Night');
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: 'Sign Up', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await waitForServiceWorkerControl(page);
  await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /^\d+$/, {
    timeout: 45_000,
  });

  await page.getByRole('button', { name: 'Go Offline' }).click();
  await expect(page.getByRole('button', { name: 'Go Online' })).toBeVisible();

  // Recorded from the reload on: a poll the page sent just before Go Offline may still be
  // answered meanwhile, and the old page's requests are not what this is about.
  const sent: Request[] = [];
  const sockets: string[] = [];
  let reloading = false;
  context.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) reloading = true;
    if (reloading && /^https?:/.test(r.url())) sent.push(r);
  });
  page.on('websocket', (ws) => {
    if (reloading) sockets.push(ws.url());
  });

  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await expect(page.getByRole('button', { name: 'Go Online' })).toBeVisible();
  // The shell starts everything it starts (the poller on idle, the service worker's registration
  // after the first data or 10 s, its background sync, the network check) well within this; the
  // map on screen is drawn from this device's own database.
  await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /^\d+$/, {
    timeout: 30_000,
  });
  await page.waitForTimeout(15_000);

  // The browser wakes the worker for a background sync and a periodic sync.
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);
  const origin = new URL(baseURL!).origin;
  await waitForSyncMessage(page, () =>
    cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: id,
      tag: 'sync-aurora-data',
      lastChance: false,
    }),
  );
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
    origin,
    registrationId: id,
    tag: 'aurora-periodic-refresh',
  });
  await page.waitForTimeout(5_000);

  // What the service worker answered from its precache never left the device.
  const network: string[] = [];
  for (const r of sent) {
    const response = await r.response().catch(() => null);
    if (response?.fromServiceWorker()) continue;
    network.push(`${r.method()} ${r.url()}${r.serviceWorker() ? ' (service worker)' : ''}`);
  }
  expect(network).toEqual([]);
  expect(sockets).toEqual([]);

  // Go Online lifts it: the poller asks for fresh data again, and preference sync reconnects.
  const polled = page.waitForRequest((r) => r.url().includes('/functions/v1/space-weather/'));
  const synced = page.waitForEvent('websocket', (ws) => ws.url().includes('/realtime/v1'));
  await page.getByRole('button', { name: 'Go Online' }).click();
  await polled;
  await synced;
});
