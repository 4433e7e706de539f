import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

test('the install button appears when the browser offers installation and turns into "App Installed"', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.locator('h1')).toHaveText('About Us');
  await expect(page.getByRole('button', { name: /install/i })).toHaveCount(0);

  // Chromium offers installation with a beforeinstallprompt event; stage one whose prompt() resolves.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    (window as unknown as { __prompted: number }).__prompted = 0;
    event.prompt = async () => {
      (window as unknown as { __prompted: number }).__prompted += 1;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
    window.dispatchEvent(event);
  });

  const install = page.getByRole('button', { name: /install/i });
  await expect(install).toBeVisible();
  await install.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted))
    .toBe(1);

  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(page.getByText('App Installed')).toBeVisible();
  await expect(page.getByRole('button', { name: /install/i })).toHaveCount(0);
});
