import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

const HOUR = 3_600_000;
/** The hour the cloud layer draws for "now" (the nearest hour), read on either side of a step. */
const nearestHour = (t: number) => Math.round(t / HOUR) * HOUR;

/**
 * Tonight at the user's place, from local data only, on the real clock: after one online visit that
 * shares the location (Tromsø: MET Norway and NOAA's NOMADS are unreachable here, and the weather
 * function replays its samples for Tromsø's point and region, moved to the present) the verdict
 * line and the cloud layer come back offline, with the age of each input. Whatever today's date,
 * the replays' hours start at the current hour, so every half hour of tonight has a cloud hour,
 * and each one says it is a replayed sample; the slider runs on into the forecast's next hours and
 * the cloud layer follows it.
 */
test('a shared location gives tonight’s verdict and a cloud layer that follows the slider into the next hours, and both still show offline after a reload, with their ages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Show my location' }).click();
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();

  const verdict = page.getByTestId('tonight-verdict');
  const line = verdict.getByRole('button');
  await expect(line).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });
  const ages = page.getByTestId('tonight-ages');
  // The worker asks /functions/v1/weather and stores the answer; the page sees it live (one clock).
  await expect(ages).toContainText(
    /clouds (\d+ h )?\d+ (min|h) ago \(a replayed sample, not today’s forecast\)/,
    { timeout: 90_000 },
  );
  await expect(ages).toContainText(/aurora map (\d+ h )?\d+ (min|h|days) ago/, {
    timeout: 30_000,
  });
  await expect(ages).toContainText('Weather data from MET Norway');
  const map = page.locator('.aurora-map__ol');
  const before = nearestHour(Date.now());
  await expect(map).toHaveAttribute('data-cloud-time', /^\d+$/, { timeout: 30_000 });
  const nowHour = Number(await map.getAttribute('data-cloud-time'));
  expect([before, nearestHour(Date.now())]).toContain(nowHour);
  await expect(page.getByTestId('cloud-status')).toContainText('a replayed sample');

  await line.click();
  const slots = page
    .getByRole('list', { name: 'Tonight, half hour by half hour' })
    .getByRole('listitem');
  expect(await slots.count()).toBeGreaterThan(0);
  // The moved replay covers all of tonight, and a sample never promises a GO.
  expect(await slots.locator('.tonight__level').allTextContents()).not.toContain('GO');
  for (const text of await slots.locator('.tonight__reasons').allTextContents()) {
    expect(text).toContain('cloud forecast is a replayed sample');
    expect(text).not.toContain('no cloud forecast');
  }

  // Into the next hours: the slider runs on past now (to tomorrow evening and beyond), the cloud
  // layer draws each forecast hour.
  const sliderBox = page.getByRole('region', { name: /^Last 24 hours and the next \d+ h/ });
  await expect(sliderBox).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuetext', /, forecast \d+ h ahead: clouds/);
  const last = Number(
    /forecast (\d+) h ahead/.exec((await slider.getAttribute('aria-valuetext'))!)![1],
  );
  expect(last).toBeGreaterThanOrEqual(36);
  await expect(map).toHaveAttribute('data-cloud-time', String(nowHour + last * HOUR));
  await expect(page.getByTestId('forecast-hour-status')).toContainText(`${last} h ahead`);
  await expect(page.getByTestId('forecast-hour-status')).toContainText('Forecast');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`, forecast ${last - 1} h ahead: clouds`),
  );
  await expect(map).toHaveAttribute('data-cloud-time', String(nowHour + (last - 1) * HOUR));
  await page.getByRole('button', { name: 'Latest' }).click();
  await expect(map).toHaveAttribute('data-cloud-time', String(nowHour));
  await expect(page.getByTestId('forecast-hour-status')).toHaveCount(0);

  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  await expect(line).toHaveText(/^(Best|Maybe|Not) tonight: /, { timeout: 30_000 });
  await expect(ages).toContainText(/clouds (\d+ h )?\d+ (min|h) ago/);
  await expect(ages).toContainText(/aurora map (\d+ h )?\d+ (min|h|days) ago/);
  await expect(map).toHaveAttribute('data-cloud-time', /^\d+$/, { timeout: 30_000 });
  expect(
    Math.abs(Number(await map.getAttribute('data-cloud-time')) - Date.now()),
  ).toBeLessThanOrEqual(HOUR / 2 + 60_000);
  await expect(page.getByTestId('cloud-status')).toContainText('Cloud data: NOAA GFS');
  // Offline too, the slider still reaches into the stored forecast.
  await expect(sliderBox).toBeVisible();
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
