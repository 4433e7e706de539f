import { expect, test } from '@playwright/test';

// Online means the network answers: the service worker stays out of it.
test.use({ serviceWorkers: 'block' });

test('/forecast shows the storm chances and the Kp forecast the poller fetched, each with its age', async ({
  page,
}) => {
  await page.goto('/forecast');
  await expect(page.locator('h1')).toHaveText('Aurora Forecast');
  const storms = page.getByRole('region', { name: 'Storm chances — next 3 days' });
  await expect(storms.getByRole('rowheader', { name: 'Minor storm (G1)' })).toBeVisible({
    timeout: 30_000,
  });
  // The backend replays recorded files: old by design, and said so, under each product's own issue time.
  await expect(
    storms.getByTestId('storm-geomagnetic').getByText(/· issued .* · recorded data/),
  ).toBeVisible();
  const kp = page.getByRole('region', { name: 'Kp forecast — next 3 days' });
  await expect(kp.getByText(/the fresher of NOAA's two Kp forecasts/)).toBeVisible();
  await page.screenshot({ path: 'test-results/honest-forecast.png', fullPage: true });
});

test('/live-feeds shows the ICAO advisories section and no feed calls years-old data fresh', async ({
  page,
}) => {
  await page.goto('/live-feeds');
  await expect(
    page.getByRole('heading', { name: 'Space weather advisories for aviation (ICAO)' }),
  ).toBeVisible();
  const predicted = page.getByRole('row', { name: /Solar cycle \(predicted\)/ });
  await expect(predicted).toBeVisible({ timeout: 30_000 });
  await expect(predicted).not.toContainText('fresh');
  await page.screenshot({ path: 'test-results/honest-live-feeds.png', fullPage: true });
});

test('when no request gets an answer, the banner says once what is missing and the indicator stops saying "Excellent"', async ({
  page,
  context,
}) => {
  await context.route(/\/functions\/v1\/(space-weather|sdo-image)\//, (route) =>
    route.abort('connectionrefused'),
  );
  await context.route(/services\.swpc\.noaa\.gov|sdo\.gsfc\.nasa\.gov/, (route) =>
    route.abort('connectionrefused'),
  );
  await page.goto('/about');
  const banner = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'API Error Detected' }) });
  await expect(banner).toContainText("Can't reach the data service", { timeout: 45_000 });
  await expect(banner).not.toContainText('Failed to fetch');
  await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Go Offline/ })).toHaveAttribute(
    'title',
    'Connected · data service unreachable',
  );
  await page.screenshot({ path: 'test-results/honest-banner.png' });
});
