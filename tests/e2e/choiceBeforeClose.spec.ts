import { expect, test, type Page } from '@playwright/test';

/**
 * A choice made in the moment before the app is closed: the tab goes at once, before IndexedDB
 * could have the change (the write is several round trips). The write-ahead note
 * (sync/preferences/unsettledWrites.ts) keeps it, and the next page of the app writes it.
 */
test.use({ serviceWorkers: 'block' });

const map = (page: Page) => page.locator('.aurora-map__ol');

test('a map view, style and hemisphere chosen just before the tab is closed are there when the app opens again', async ({
  context,
}) => {
  const page = await context.newPage();
  await page.goto('/');
  await expect(map(page)).toHaveAttribute('data-map-style', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  // Both clicks and the close in one go: nothing of the app runs between them.
  const chosen = await page.evaluate(() => {
    const radio = (name: string) =>
      [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].find(
        (r) => r.labels?.[0]?.textContent?.trim() === name,
      )!;
    radio('Globe').click();
    radio('Light').click();
    radio('South').click();
    return radio('Globe').checked && radio('Light').checked && radio('South').checked;
  });
  expect(chosen).toBe(true);
  await page.close();

  const again = await context.newPage();
  await again.goto('/');
  await expect(map(again)).toHaveAttribute('data-view', '3d');
  await expect(map(again)).toHaveAttribute('data-map-style', 'light');
  await expect(map(again)).toHaveAttribute('data-hemisphere', 'south');
  await expect(again.getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('a map style chosen in the same moment as a reload is there after the reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(map(page)).toHaveAttribute('data-map-style', 'dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    const light = [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].find(
      (r) => r.labels?.[0]?.textContent?.trim() === 'Light',
    )!;
    light.click();
    location.reload();
  });
  await reloaded;
  await expect(map(page)).toHaveAttribute('data-map-style', 'light');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
});
