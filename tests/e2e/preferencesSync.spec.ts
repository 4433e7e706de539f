import { expect, test, type Browser, type Page } from '@playwright/test';

// Replication needs the network; the service worker is not what this test is about.
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'Borealis-Kp7-Night';

async function signedInSettings(
  browser: Browser,
  email: string,
  mode: 'signup' | 'login',
): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(mode === 'signup' ? '/signup' : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: mode === 'signup' ? 'Sign Up' : 'Sign In', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/(signup|login)$/, { timeout: 15_000 });
  await page.goto('/settings');
  await expect(page.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });
  return page;
}

test('a preference changed on one device shows on another signed in as the same user, without a reload', async ({
  browser,
}) => {
  const email = `e2e.prefs.${Date.now().toString(36)}@example.com`;
  const a = await signedInSettings(browser, email, 'signup');
  const b = await signedInSettings(browser, email, 'login');

  const cloudsA = a.getByLabel('Show clouds when the map opens');
  const cloudsB = b.getByLabel('Show clouds when the map opens');
  await expect(cloudsB).not.toBeChecked();
  // The box is controlled by the local database: it turns on once the write has landed there.
  await cloudsA.click();
  await expect(cloudsA).toBeChecked();
  await expect(cloudsB).toBeChecked({ timeout: 10_000 });

  await b.getByLabel('Map style').selectOption('light');
  await expect(a.getByLabel('Map style')).toHaveValue('light', { timeout: 10_000 });

  await a.context().close();
  await b.context().close();
});

test('two tabs share one local database: a change in one shows in the other, and only one tab replicates', async ({
  browser,
}) => {
  const email = `e2e.tabs.${Date.now().toString(36)}@example.com`;
  const first = await signedInSettings(browser, email, 'signup');
  const context = first.context();
  const sockets = new Map<Page, number>();
  const countSockets = (p: Page) => {
    sockets.set(p, 0);
    p.on('websocket', (ws) => {
      if (ws.url().includes('/realtime/v1')) sockets.set(p, (sockets.get(p) ?? 0) + 1);
    });
  };
  // Reload the first tab with the counter attached, then open the second tab in the same context.
  countSockets(first);
  await first.reload();
  const second = await context.newPage();
  countSockets(second);
  await second.goto('/settings');
  await expect(second.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });
  await expect(first.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });

  await second.getByLabel('Show clouds when the map opens').click();
  await expect(first.getByLabel('Show clouds when the map opens')).toBeChecked({ timeout: 10_000 });

  // The change reached the account: a separate device signed in as the same user sees it.
  const other = await signedInSettings(browser, email, 'login');
  await expect(other.getByLabel('Show clouds when the map opens')).toBeChecked({ timeout: 10_000 });
  // Leader election: of the two tabs, exactly one opened the realtime connection replication uses.
  expect([...sockets.values()].filter((n) => n > 0)).toHaveLength(1);
  await other.context().close();
  await context.close();
});
