import { expect, test, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/e2e/server.ts';

// Sign-in needs the network; the service worker is not what these tests are about.
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'Borealis-Kp7-Night';
const NEW_PASSWORD = 'Corona-Hole-42-Wind';

// A server of this file's own: the tests read the letters it prints (`mail to x: <link>`).
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ distDir: process.env.E2E_DIST_V1 ?? 'dist' });
});
test.afterAll(async () => {
  await server?.stop();
});

const uniqueEmail = (what: string) => `e2e.${what}.${Date.now().toString(36)}@example.com`;

async function submitCredentials(
  page: Page,
  email: string,
  password: string,
  button: 'Sign Up' | 'Sign In',
) {
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form.auth-form').getByRole('button', { name: button, exact: true }).click();
}

async function mailedLink(email: string): Promise<string> {
  const line = new RegExp(`mail to ${email.replace(/[.+]/g, '\\$&')}: (\\S+)`);
  await expect
    .poll(() => line.exec(server.output())?.[1] ?? null, { timeout: 15_000 })
    .not.toBeNull();
  return line.exec(server.output())![1]!;
}

test('a weak password is explained once, in plain words, and a strong one signs up', async ({
  page,
}) => {
  await page.goto(`${server.url}/signup`);
  await submitCredentials(page, uniqueEmail('weak'), 'aurora', 'Sign Up');
  const reasons = page.getByRole('list', { name: 'Why the password was rejected' });
  await expect(reasons.getByRole('listitem')).toHaveText([
    'Use at least 8 characters',
    'Add an uppercase letter',
    'Add a digit',
  ]);
  await expect(page.getByText('Use at least 8 characters')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('abcdefghijklmnopqrstuvwxyz');
});

test('forgot password: the mailed link opens the app, the new password is set, signs in and says so; the link reused fails as a password reset', async ({
  page,
}) => {
  const email = uniqueEmail('forgot');
  await page.goto(`${server.url}/signup`);
  await submitCredentials(page, email, PASSWORD, 'Sign Up');
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
  await page.getByRole('button', { name: email.split('@')[0] }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();

  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'a link to set a new password is on its way',
  );

  await page.goto(await mailedLink(email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password', {
    timeout: 15_000,
  });
  // The tokens are not left in the address bar.
  expect(new URL(page.url()).hash).toBe('');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  // The action ends with a word: the map opens saying the new password is set.
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new password is set' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: email.split('@')[0] })).toBeVisible();

  // The same link a second time: a failure said in words, named as the password reset it was.
  await page.goto(await mailedLink(email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password reset failed');
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or has already been used. Ask for a new one and open it once.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('deleting the account from Settings asks first, signs out, says so, and the account is gone', async ({
  page,
}) => {
  const email = uniqueEmail('delete');
  await page.goto(`${server.url}/signup`);
  await submitCredentials(page, email, PASSWORD, 'Sign Up');
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
  await page.goto(`${server.url}/settings`);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await expect(page.getByRole('group', { name: 'Confirm account deletion' })).toContainText(
    'This cannot be undone.',
  );
  await page.screenshot({ path: 'test-results/accounts-delete-confirm.png', fullPage: true });
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  // The action ends with a word: the map opens saying the account is gone.
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account is deleted' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.goto(`${server.url}/login`);
  await submitCredentials(page, email, PASSWORD, 'Sign In');
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
});
