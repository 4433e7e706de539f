/**
 * Chart figures (budgets in docs/architecture.md), in headless Chromium on a page built like the app (Vite,
 * production mode); see chart/chartBenchPage.ts for the method:
 * - `chart.solarWind7dDrawMs`: 7 days of 1-minute Bz, Bt, speed and density, local database →
 *   both solar-wind charts drawn (≤ 120 ms);
 * - `chart.appendMs`: one new minute appended to a 7-day chart and redrawn (≤ 16 ms).
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { round, type Bench } from './context.ts';
import { buildTestPage } from '../support/buildTestPage.ts';
import { ROOT } from '../support/e2e/server.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
};

const bench: Bench = async (ctx) => {
  const out = join(ROOT, `.tmp/chart-bench-${process.pid}`);
  await buildTestPage(join(import.meta.dirname, 'chart'), out, {
    define: { __APP_VERSION__: JSON.stringify('bench') },
  });
  const server = createServer((req, res) => {
    const path = normalize(join(out, new URL(req.url ?? '/', 'http://x').pathname));
    const file =
      path.startsWith(out) && existsSync(path) && statSync(path).isFile()
        ? path
        : join(out, 'index.html');
    res
      .writeHead(200, {
        'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
      })
      .end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: ctx.chromiumPath,
    args: ['--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    if (process.env.BENCH_DEBUG) page.on('console', (m) => console.error('[page]', m.text()));
    await page.goto(url);
    await page.waitForFunction(() => 'runChartBench' in globalThis);
    const r = await page.evaluate(() =>
      (globalThis as unknown as { runChartBench: () => Promise<Record<string, number>> })
        .runChartBench()
        .catch((e: Error) => Promise.reject(new Error(`${String(e)} ${e.stack}`))),
    );
    return {
      'chart.solarWind7dDrawMs': round(r.solarWind7dDrawMs!, 1),
      'chart.appendMs': round(r.appendMs!, 2),
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
};
export default bench;
