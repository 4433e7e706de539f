import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../support/e2e/server.ts';
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
