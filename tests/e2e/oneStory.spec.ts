import { expect, test, type Page } from '@playwright/test';

/**
 * One story on `/` (issue 22): with a place, the verdict's ages are the ages the data has wherever
 * else it is shown, the aurora probability at the place says how old it is, a forecast hour never
 * shows an oval its words disown, and every time on the screen is in one zone, named beside it —
 * the place's local time: the device's own zone for its own position (the browser runs in
 * Europe/Oslo, at Tromsø), a saved place's own zone for a place elsewhere (Hobart).
 *
 * The local stack replays recorded SWPC files (the OVATION frame and the Kp forecast are days
 * old) and MET Norway's replay moved to the present, so the ages are real and stable.
 */

/** "UTC+1" for a zone at `t`, as the page labels it (src/lib/clock.ts). */
function zoneLabel(timeZone: string, t: number): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(t)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(part);
  if (!m) return 'UTC';
  const h = Number(m[2]);
  const min = m[3] === '00' ? '' : `:${m[3]}`;
  return h === 0 && !min ? 'UTC' : `UTC${m[1]}${h}${min}`;
}

/** "18:00" in a zone, as the page writes a clock time. */
function clockIn(timeZone: string, t: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(t);
}

const TIME = /\b(\d{2}:\d{2})(?:–\d{2}:\d{2})?( UTC(?:[+-]\d{1,2}(?::\d{2})?)?)?/g;

/** Every clock time in the page's main text and the slider's value text, with the zone written after it (or none). */
async function timesOnScreen(page: Page): Promise<{ time: string; zone: string | null }[]> {
  const text = [
    await page.locator('main').innerText(),
    (await page.getByRole('slider', { name: 'Forecast frame' }).getAttribute('aria-valuetext')) ??
      '',
  ].join('\n');
  return [...text.matchAll(TIME)].map((m) => ({ time: m[0], zone: m[2]?.trim() ?? null }));
}

/** The labels a zone's times carry through the year (standard and summer time). */
function zoneLabels(timeZone: string): string[] {
  const year = new Date().getUTCFullYear();
  return [Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)].map((t) => zoneLabel(timeZone, t));
}

async function expectOneLabelledZone(page: Page, timeZone: string, least = 4): Promise<void> {
  const times = await timesOnScreen(page);
  // The verdict's range, the frame's forecast and observation, the clouds' hour, the slider.
  expect(times.length).toBeGreaterThanOrEqual(least);
  const labels = zoneLabels(timeZone);
  expect(times.filter((t) => t.zone === null || !labels.includes(t.zone))).toEqual([]);
}

/** "998 days", "1 h 22 min": the age in a text, after `before` and before `after` (patterns). */
function ageIn(text: string, before: string, after: string): string {
  const m = new RegExp(`${before}\\s*((?:\\d+ (?:days|h|min)\\s?)+?)\\s*${after}`).exec(text);
  expect(m, `"${before} … ${after}" in: ${text}`).not.toBeNull();
  return m![1]!.trim();
}

const map = (page: Page) => page.locator('.aurora-map__ol');

/** The texts of several parts of the page read in one go, so they come from one render. */
async function texts(page: Page, ...selectors: string[]): Promise<string[]> {
  return page.evaluate(
    (all) => all.map((sel) => document.querySelector(sel)?.textContent ?? ''),
    selectors,
  );
}

test('on / with a place, the verdict’s ages are the data’s, the probability has an age, a forecast hour draws no oval its words disown, and every time is in the place’s zone, named', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
    timezoneId: 'Europe/Oslo',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Show my location' }).click();
  await page.getByRole('checkbox', { name: 'Cloud cover' }).check();

  const verdict = page.getByTestId('tonight-verdict');
  const ages = page.getByTestId('tonight-ages');
  const status = page.locator('.map-status');
  const cloud = page.getByTestId('cloud-status');
  const here = page.getByRole('region', { name: 'Your location', exact: true });
  await expect(verdict.getByRole('button')).toHaveText(/^(Best|Maybe|Not) tonight: /, {
    timeout: 30_000,
  });
  await expect(ages).toContainText(/clouds .+ ago/, { timeout: 90_000 });
  await expect(cloud).toContainText('MET Norway, model run', { timeout: 30_000 });
  await expect(here).toContainText('Aurora probability here', { timeout: 30_000 });

  // 1. The verdict's ages are the data's ages shown beside it, read from one render.
  // The Kp forecast comes with the products polled after the first screen's.
  await expect(ages).toContainText(/Kp forecast .+ ago/, { timeout: 60_000 });
  const [agesText = '', statusText = '', cloudText = '', hereText = ''] = await texts(
    page,
    '[data-testid="tonight-ages"]',
    '.map-status',
    '[data-testid="cloud-status"]',
    '.map-location',
  );
  const mapAge = ageIn(agesText, 'aurora map', 'ago');
  expect(ageIn(statusText, '\\(', 'ago\\)')).toBe(mapAge);
  // Two cloud sources on one screen, each named: the map's layer (NOAA GFS) and the place's own
  // forecast (MET Norway), whose age is the verdict's.
  expect(cloudText).toContain('Cloud data: NOAA GFS.');
  expect(ageIn(cloudText, 'MET Norway, model run', 'ago')).toBe(ageIn(agesText, 'clouds', 'ago'));
  // 2. The probability at the place says how old its map is: the same age.
  expect(hereText).toMatch(/Aurora probability here\d+ % · aurora map observed .+ ago/);
  expect(ageIn(hereText, 'aurora map observed', 'ago')).toBe(mapAge);
  const kpAge = ageIn(agesText, 'Kp forecast', 'ago');

  // 3. Every time on the screen in Tromsø's (this device's) zone, named beside it.
  const oslo = zoneLabel('Europe/Oslo', Date.now());
  expect(oslo).toMatch(/^UTC\+[12]$/);
  await verdict.getByRole('button').click();
  await expectOneLabelledZone(page, 'Europe/Oslo');
  // … and really in that zone: the cloud hour drawn, written in Oslo's time.
  await expect(map(page)).toHaveAttribute('data-cloud-time', /^\d+$/, { timeout: 30_000 });
  const cloudHour = Number(await map(page).getAttribute('data-cloud-time'));
  await expect(cloud).toContainText(`${clockIn('Europe/Oslo', cloudHour)} ${oslo}`);
  await page.screenshot({ path: 'test-results/one-story-tromso.png' });

  // 4. Scrubbing into the forecast hours: where the words say no oval is drawn, none is.
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 30_000 });
  await slider.focus();
  // The slider reaches the cloud forecast's +47 h; the aurora forecast hours are the first 12.
  const toTwelveHoursAhead = async () => {
    await page.keyboard.press('End');
    const last = Number(await slider.getAttribute('max'));
    for (let k = last; k > 12; k--) await page.keyboard.press('ArrowLeft');
  };
  await toTwelveHoursAhead();
  const forecastStatus = page.getByTestId('forecast-hour-status');
  for (let k = 12; k >= 1; k--) {
    await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`forecast ${k} h ahead`));
    await expect(forecastStatus).toContainText(`${k} h ahead`);
    const words = (await status.textContent()) ?? '';
    if (words.includes('no oval is drawn for this hour')) {
      expect(await slider.getAttribute('aria-valuetext')).toContain('no aurora oval');
      await expect(map(page)).toHaveAttribute('data-rendered-frame', '');
    } else {
      expect(words).toContain('drawn for this hour');
      await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/);
    }
    await expectOneLabelledZone(page, 'Europe/Oslo');
    await page.keyboard.press('ArrowLeft');
  }
  // The replayed OVATION frame is days old: no forecast hour is its hour.
  await toTwelveHoursAhead();
  await expect(forecastStatus).toContainText('12 h ahead');
  await expect(status).toContainText('no oval is drawn for this hour');
  await expect(map(page)).toHaveAttribute('data-rendered-frame', '');
  await page.getByRole('button', { name: 'Latest' }).click();
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/);

  // 5. A saved place elsewhere: its own zone, looked up on the device, for every time.
  const places = page.getByRole('region', { name: 'Saved places' });
  await places.getByLabel('Name').fill('Hobart');
  await places.getByLabel('Latitude').fill('-42.88');
  await places.getByLabel('Longitude').fill('147.33');
  await places.getByRole('button', { name: 'Save place' }).click();
  await expect(page.getByRole('region', { name: 'Tonight at Hobart' })).toBeVisible({
    timeout: 30_000,
  });
  const hobart = zoneLabel('Australia/Hobart', Date.now());
  expect(hobart).toMatch(/^UTC\+1[01]$/);
  await expect(status).toContainText(hobart, { timeout: 30_000 });
  // No cloud forecast is replayed for Hobart: the verdict's range, the frame's two times, the slider.
  await expectOneLabelledZone(page, 'Australia/Hobart', 3);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/one-story-hobart.png' });

  // The Kp forecast's age in the verdict is the feed's own data age on /live-feeds.
  await page.goto('/live-feeds');
  const kpRow = page.getByRole('row', { name: /^Kp forecast/ });
  await expect(kpRow).toContainText(`${kpAge} ago`, { timeout: 30_000 });
  await context.close();
});
