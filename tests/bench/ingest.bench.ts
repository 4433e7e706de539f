/**
 * Poller figures (issue 5), measured with the real worker in the system Chromium, fed the real
 * NOAA fixtures by a stand-in backend (tests/support/workerHarness/buildHarness.ts):
 * - `ingest.ovationMs`: the 930 KB OVATION file → normalised → a grid document in IndexedDB, in
 *   the worker (normalise + write; median of 5, fresh database each);
 * - `ingest.ovationNormaliseMs`: the normalising part of that alone;
 * - `ingest.allProductsMs`: a full poll of every product (all but the SDO images, which need
 *   NASA's server), from refresh to the last write (median of 3);
 * - `ingest.mainThreadLongTasks`: long tasks (> 50 ms) on the page's main thread during a full
 *   poll (the largest count of the 3 runs; target 0).
 */
import { chromium } from 'playwright-core';
import { median, round, type BenchContext } from './context.ts';
import {
  HARNESS_RESOURCES,
  buildHarness,
  serveHarness,
} from '../support/workerHarness/buildHarness.ts';
import { runHarness } from '../support/workerHarness/runHarness.ts';

export default async function ingestBench(ctx: BenchContext): Promise<Record<string, number>> {
  const server = await serveHarness(await buildHarness());
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath });
  try {
    const ovation: number[] = [];
    const ovationNormalise: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await runHarness(browser, server.url, server.url, ['aurora-oval']);
      const report = r.reports[0];
      if (!report || report.outcome === 'failed')
        throw new Error(`OVATION poll failed: ${report?.error ?? 'no report'}`);
      ovation.push(report.normaliseMs + report.writeMs);
      ovationNormalise.push(report.normaliseMs);
    }
    const all: number[] = [];
    const longTasks: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runHarness(browser, server.url, server.url, HARNESS_RESOURCES);
      if (r.failed > 0)
        throw new Error(
          `full poll: ${r.failed} failed: ${r.reports
            .filter((x) => x.error)
            .map((x) => x.error)
            .join('; ')}`,
        );
      all.push(r.allProductsMs);
      longTasks.push(r.longTasks.length);
    }
    return {
      'ingest.ovationMs': round(median(ovation)),
      'ingest.ovationNormaliseMs': round(median(ovationNormalise)),
      'ingest.allProductsMs': round(median(all)),
      'ingest.mainThreadLongTasks': Math.max(...longTasks),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
