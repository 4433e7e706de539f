/**
 * Tonight's verdict on the device (DESIGN budget: `verdict.computeMs` ≤ 50), in headless Chromium
 * against the production build and the local stack. One online visit shares Tromsø's position (the
 * weather function's replay covers it) so the worker stores OVATION, the Kp forecast and the cloud
 * forecast; then each of 5 reloads reads them from IndexedDB and works out every half hour of tonight.
 * Figure: the median over the reloads of each page's last `verdict:compute` measure, the one that
 * drew the line with all three inputs (computeVerdict + formatVerdictLine on the inputs read from the
 * local database, in a freshly loaded page).
 * The page's clock is the real one, like the worker's (Playwright's fake clock would also replace
 * `performance`): the weather function's replay is moved to the present, so its hours cover all of
 * tonight and every half hour is judged with a cloud hour, as with a live forecast. The page sees
 * the worker's writes live; no reloads are needed to wait for them.
 */
import { chromium } from 'playwright-core';
import { median, round, type BenchContext } from './context.ts';

const RELOADS = 5;
/**
 * An input's age in the line, in core/time/formatAge.ts's words: "just now", "52 min ago", "1 h
 * ago" or "1 h 5 min ago" (the replayed forecast is over an hour old at some minutes of the hour,
 * which a pattern for one unit missed).
 */
const aged = (name: string) => new RegExp(`${name} ((\\d+ (min|h|days?) )+ago|just now)`);
const CLOUD_AGE = aged('clouds');
const OVATION_AGE = aged('aurora map');

export default async function verdictBench(ctx: BenchContext): Promise<Record<string, number>> {
  const server = await ctx.startServer();
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      permissions: ['geolocation'],
      geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 },
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Show my location' }).click();
    const ages = page.getByTestId('tonight-ages');
    // The worker stores OVATION, the Kp forecast and the clouds; the line follows each write live.
    // Every figure below is then read from IndexedDB by a freshly loaded page.
    await ages
      .filter({ hasText: CLOUD_AGE })
      .filter({ hasText: aged('Kp forecast') })
      .filter({ hasText: OVATION_AGE })
      .waitFor({ timeout: 120_000 });
    const samples: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      await ages.filter({ hasText: CLOUD_AGE }).waitFor({ timeout: 30_000 });
      await ages.filter({ hasText: OVATION_AGE }).waitFor({ timeout: 30_000 });
      const ms = await page.evaluate(() => {
        // The first verdict with every input in (the line shows all three ages).
        const all = performance.getEntriesByName('verdict:compute');
        return all.length ? all[all.length - 1]!.duration : Number.NaN;
      });
      samples.push(ms);
    }
    console.error(
      `[bench] verdict.computeMs samples: ${samples.map((s) => s.toFixed(1)).join(', ')}`,
    );
    await context.close();
    return { 'verdict.computeMs': round(median(samples)) };
  } finally {
    await browser.close();
    await server.stop();
  }
}
