import type { Page } from '@playwright/test';

/** Waits until a service worker controls the page: from then on the app must open offline. */
export async function waitForServiceWorkerControl(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () =>
      navigator.serviceWorker?.controller !== null &&
      navigator.serviceWorker?.controller !== undefined,
    undefined,
    {
      timeout: timeoutMs,
    },
  );
}

export async function htmlVersion(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.version);
}
