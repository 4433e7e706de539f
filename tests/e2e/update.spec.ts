import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../support/e2e/server.ts';
import { seeThrough } from '../support/e2e/layoutProbes.ts';
import { htmlVersion, waitForServiceWorkerControl } from '../support/e2e/sw.ts';

// The update flow needs a server whose build can be swapped, so it runs one of its own.
test('a new deploy shows the update banner; Later hides it; Update Now reloads into the new version', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const v1 = process.env.E2E_DIST_V1 ?? 'dist';
  const v2 = process.env.E2E_DIST_V2 ?? 'dist-v2';
  const v2Version = process.env.E2E_V2_VERSION;
  let server: RunningServer | null = await startServer({ distDir: v1 });
  try {
    await page.goto(`${server.url}/forecast`);
    await expect(page.locator('h1')).toHaveText('Aurora Forecast');
    await waitForServiceWorkerControl(page);
    const before = await htmlVersion(page);
    expect(before).toBeTruthy();
    await expect(page.getByText('A new version is available!')).toHaveCount(0);

    // Deploy v2 on the same origin.
    const port = server.port;
    await server.stop();
    server = null;
    server = await startServer({ distDir: v2, port });

    // The page's update check on load finds the new worker, which waits for the user.
    await page.reload();
    await expect(page.getByText('A new version is available!')).toBeVisible({ timeout: 30_000 });
    expect(await htmlVersion(page)).toBe(before);

    // Later hides the offer; the waiting version is offered again on the next visit.
    await page.getByRole('button', { name: 'Later' }).first().click();
    await expect(page.getByText('A new version is available!')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('A new version is available!')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Update Now' }).first().click();
    // The reload replaces the document: locator assertions retry across it, evaluate() would not.
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-version', v2Version ?? /.+/, { timeout: 30_000 });
    await expect(html).not.toHaveAttribute('data-version', before!);
    await expect(page.locator('h1')).toHaveText('Aurora Forecast');
    await expect(page.getByText('A new version is available!')).toHaveCount(0);
  } finally {
    await server?.stop();
  }
});

test('on a phone a new version is offered once at a time: the banner at the top, the card only while the banner is scrolled out of sight, and neither lets the page show through', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const v1 = process.env.E2E_DIST_V1 ?? 'dist';
  const v2 = process.env.E2E_DIST_V2 ?? 'dist-v2';
  let server: RunningServer | null = await startServer({ distDir: v1 });
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/forecast`);
    await expect(page.locator('h1')).toHaveText('Aurora Forecast');
    await waitForServiceWorkerControl(page);
    const port = server.port;
    await server.stop();
    server = null;
    server = await startServer({ distDir: v2, port });
    await page.reload();

    const banner = page.getByRole('status').filter({ hasText: 'A new version is available!' });
    const card = page.getByRole('complementary', { name: 'Update available' });
    await expect(banner).toBeInViewport({ timeout: 30_000 });
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update Now' })).toHaveCount(1);

    // Scrolled down the page, the banner is gone with the top of the page: the card takes its place.
    await page.locator('footer.footer').scrollIntoViewIfNeeded();
    await expect(banner).not.toBeInViewport();
    await expect(card).toBeVisible();
    await expect(card).toBeInViewport();
    expect(await card.evaluate(seeThrough)).toBeNull();

    // Back at the top, one prompt again.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await expect(banner).toBeInViewport();
    await expect(card).toHaveCount(0);

    // Later on the card puts the offer away, banner and card alike.
    await page.locator('footer.footer').scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Later' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('A new version is available!')).toHaveCount(0);
  } finally {
    await context.close();
    await server?.stop();
  }
});
