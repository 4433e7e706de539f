/**
 * In-browser harness for the poller (built with Vite by buildHarness.ts, run in Chromium by the
 * worker test and tests/bench/ingest.bench.ts): starts the real worker through the real client,
 * polls every product once, and reports what arrived in the page's own database (RxDB
 * multi-instance events), how long it took, and the main thread's long tasks meanwhile.
 */
import { startPoller, type PollReportSummary } from '../../../workers/client.ts';
import { openDatabase } from '../../../sync/database.ts';
import type { Resource } from '../../../core/model.ts';

export interface HarnessResult {
  failed: number;
  allProductsMs: number;
  /** Durations of main-thread long tasks (> 50 ms) during the full poll. */
  longTasks: number[];
  reports: PollReportSummary[];
  /** When the page's live query first saw a grid, ms after the poll began; null if never. */
  gridSeenAfterMs: number | null;
  counts: { series: number; grids: number; products: number; feeds: number };
  /** requestAnimationFrame gaps over 50 ms on the main thread during the poll. */
  frameGapsOver50: number;
}

async function run(opts: {
  backendBase: string;
  resources: Resource[];
  dbName: string;
}): Promise<HarnessResult> {
  const db = await openDatabase({ name: opts.dbName });
  let pollStart = 0;
  let gridSeenAfterMs: number | null = null;
  const sub = db.grids.count().$.subscribe((n) => {
    if (n > 0 && gridSeenAfterMs === null && pollStart > 0)
      gridSeenAfterMs = performance.now() - pollStart;
  });
  const reports: PollReportSummary[] = [];
  const control = startPoller({
    backendBase: opts.backendBase,
    dbName: opts.dbName,
    schedule: 'manual',
    resources: opts.resources,
    onReport: (r) => reports.push(r),
  });
  await control.ready;

  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  let frameGapsOver50 = 0;
  let last = performance.now();
  let watching = true;
  const frame = (t: number) => {
    if (t - last > 50) frameGapsOver50++;
    last = t;
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  pollStart = performance.now();
  const { failed } = await control.refreshNow(opts.resources);
  const allProductsMs = performance.now() - pollStart;
  // Let the last multi-instance change events reach the page.
  const deadline = performance.now() + 5_000;
  while (gridSeenAfterMs === null && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  watching = false;
  observer.disconnect();

  const counts = {
    series: await db.series.count().exec(),
    grids: await db.grids.count().exec(),
    products: await db.products.count().exec(),
    feeds: await db.feeds.count().exec(),
  };
  sub.unsubscribe();
  await control.stop();
  await db.close();
  return { failed, allProductsMs, longTasks, reports, gridSeenAfterMs, counts, frameGapsOver50 };
}

(globalThis as { pollerHarness?: { run: typeof run } }).pollerHarness = { run };
const status = (
  globalThis as { document?: { getElementById(id: string): { textContent: string } | null } }
).document?.getElementById('status');
if (status) status.textContent = 'ready';
