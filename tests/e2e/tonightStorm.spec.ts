import { expect, test } from '@playwright/test';

const HOUR = 3_600_000;
/** 23:30 in Berlin on 30 December 2024: a long winter night, the Moon new that evening. */
const NOW = Date.parse('2024-12-30T22:30:00Z');

/** SWPC's Kp forecast file (products/noaa-planetary-k-index-forecast.json), Kp 9 in every period of the night. */
function kpNineForecast(): string {
  const rows: (string | null)[][] = [['time_tag', 'kp', 'observed', 'noaa_scale']];
  for (let t = NOW - 24 * HOUR; t < NOW + 48 * HOUR; t += 3 * HOUR) {
    const start = Math.floor(t / (3 * HOUR)) * 3 * HOUR;
    const tag = new Date(start).toISOString().replace('T', ' ').slice(0, 19);
    rows.push([tag, '9.00', start + 3 * HOUR <= NOW ? 'observed' : 'predicted', 'G5']);
  }
  return JSON.stringify(rows);
}

/** The backend's `weather` answer for Berlin: a clear sky, hour by hour, from a run an hour old. */
function clearBerlin(): string {
  const time = Array.from({ length: 30 }, (_, i) => NOW - 12 * HOUR + i * HOUR);
  return JSON.stringify({
    attribution: 'Data from MET Norway (CC BY 4.0)',
    place: {
      lat: 52.5,
      lon: 13.4,
      updatedAt: new Date(NOW - HOUR).toISOString(),
      hours: {
        time,
        total: time.map(() => 2),
        low: time.map(() => 0),
        medium: time.map(() => 0),
        high: time.map(() => 3),
      },
    },
    grid: [],
  });
}

/**
 * A person in Berlin, in a G5 storm (a Kp 9 forecast, as on 10–11 May and 10 October 2024), on a
 * clear dark night, is told the aurora may be in view, looking north — not "oval too far even at
 * Kp 9". The place and the page's clock are emulated; the Kp forecast and the clouds are
 * constructed answers of the stack's two functions; the aurora map is the stack's own (months old
 * at this clock, so the Kp forecast decides).
 */
test('a Kp 9 forecast on a clear dark night tells Berlin the aurora may be in view, looking north', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    serviceWorkers: 'block',
    timezoneId: 'Europe/Berlin',
    permissions: ['geolocation'],
    geolocation: { latitude: 52.52, longitude: 13.4, accuracy: 30 },
  });
  await context.route(/\/functions\/v1\/space-weather\/multi\?/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await context.route(/\/functions\/v1\/space-weather\/kp-forecast(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: kpNineForecast() }),
  );
  await context.route(/\/functions\/v1\/weather\?/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: clearBerlin() }),
  );
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Show my location' }).click();
  // The poller (a worker, on the real clock) fetches the clouds for the shared place; the page and
  // the worker talk through RxDB's broadcast channel, which drops messages older than a channel's
  // start. So the page's clock moves to that night only once the place and clouds have gone across.
  await expect(page.getByTestId('tonight-ages')).toContainText(/clouds [\d,]+ (min|h|days) ago/, {
    timeout: 90_000,
  });
  await page.clock.setFixedTime(NOW);
  // A fixed clock fires no timers: the page's shared clock (src/ui/useNow.ts) reads the new time
  // when it wakes, and becoming visible again is the wake that needs no timer.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

  const location = page.getByRole('region', { name: 'Your location', exact: true });
  await expect(location).toContainText('52.5° N, 13.4° E');
  const line = page.getByTestId('tonight-verdict').getByRole('button');
  await expect(line).toHaveText(/ — Kp 9, (oval overhead|low in the N), clear, /, {
    timeout: 60_000,
  });
  await expect(line).toHaveText(/^(Best|Maybe) tonight: /);
  await expect(line).not.toContainText('too far');
  // The "your location" line speaks in the verdict's coordinates.
  await expect(location).toContainText('Magnetic latitude48.9° N (AACGM-v2)');

  await line.click();
  const slots = page
    .getByRole('list', { name: 'Tonight, half hour by half hour' })
    .getByRole('listitem');
  const first = slots.first();
  // In the place's clock, its zone named (Berlin in December: UTC+1).
  await expect(first.locator('.tonight__time')).toHaveText('23:30 UTC+1');
  await expect(first.locator('.tonight__level')).toHaveText(/^(GO|MAYBE)$/);
  await expect(first.locator('.tonight__reasons')).not.toContainText('too far');
  await expect(first.locator('.tonight__reasons')).toHaveText(
    /^(dark, aurora in reach, clear|Kp 9: low on the northern horizon)/,
  );
  await page.screenshot({ path: 'test-results/tonight-berlin-kp9.png' });
  await context.close();
});
