/**
 * Tonight's verdict on the device (DESIGN budget: `verdict.computeMs` ≤ 50), in headless Chromium
 * against the production build and the local stack. One online visit shares Tromsø's position (the
 * weather function's replay covers it) so the worker stores OVATION, the Kp forecast and the cloud
 * forecast; then each of 5 reloads reads them from IndexedDB and works out every half hour of tonight.
 * Figure: the median over the reloads of each page's last `verdict:compute` measure, the one that
 * drew the line with all three inputs (computeVerdict + formatVerdictLine on the inputs read from the
 * local database, in a freshly loaded page).
 * The page's clock is the real one: Playwright's fake clock replaces `performance` (no measures
 * then). The replayed cloud forecast (2027-01-15) then covers none of tonight's half hours, so each
 * slot still looks its hour up and finds none — the same work.
 */
import { chromium } from 'playwright-core';
import { median, round, type BenchContext } from './context.ts';

const RELOADS = 5;

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
    // The line shows once the shared position is stored (a reload before that would lose it).
    await ages.waitFor({ timeout: 30_000 });
    // Reload until the worker has stored the clouds and the Kp forecast: every figure below is
    // then read from IndexedDB by a freshly loaded page.
    for (let tries = 0; ; tries++) {
      await page.reload();
      const ok = await ages
        .filter({ hasText: /clouds \d+ (min|h) old.*/ })
        .filter({ hasText: /Kp forecast \d+/ })
        .waitFor({ timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      if (ok) break;
      if (tries > 12) throw new Error('the worker never stored the clouds and the Kp forecast');
    }
    const samples: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      await ages.filter({ hasText: /clouds \d+ (min|h) old/ }).waitFor({ timeout: 30_000 });
      await ages.filter({ hasText: /aurora map \d+/ }).waitFor({ timeout: 30_000 });
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
