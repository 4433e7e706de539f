/**
 * Lighthouse figures (issue 12), with the `lighthouse` npm package (12.8.2: the newest that runs
 * on Node 20) driving the system Chromium through chrome-launcher, against the production build
 * on the local stack. Mobile preset (Lighthouse's default: a mid-range phone, simulated slow 4G
 * and 4× CPU slowdown); a fresh browser and empty storage each run; median of RUNS (5) runs.
 * - `lighthouse.mobilePerformance`, `lighthouse.mobileAccessibility` (scores 0–100), and
 *   `lighthouse.fcpMs`, `lighthouse.lcpMs`, `lighthouse.tbtMs` for `/`;
 * - `lighthouse.forecastPerformance`, `lighthouse.liveFeedsPerformance` for those routes.
 * On a busy machine the simulated figures still move with the real CPU time: read ranges.
 * Each run's longest tasks (Lighthouse's `long-tasks` audit: script URL and simulated duration) are
 * printed on stderr. LIGHTHOUSE_ROUTES (comma-separated) measures only those routes and
 * LIGHTHOUSE_RUNS sets the runs per route, for comparing one change. With LIGHTHOUSE_REPORT_DIR set, each run's full report is written there as JSON (to read the
 * audits behind a score: main-thread breakdown, requests before first paint, long tasks).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { median, round, type BenchContext } from './context.ts';

/**
 * Runs per route (LIGHTHOUSE_RUNS overrides it). Five: on this shared 2-core machine one route's
 * runs spread over 5–9 points (a task of the unthrottled trace is multiplied by 4), and a median
 * of three moved with a single slow run.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 5;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
/** How many of a run's longest tasks are printed on stderr. */
const LONG_TASKS_SHOWN = 5;

interface RunFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The longest tasks of the run (Lighthouse's `long-tasks` audit, simulated at 4× CPU): where TBT goes. */
  longTasks: string;
  /**
   * Lighthouse's BenchmarkIndex of the host (its "CPU/Memory Power"): the 4× slowdown is meant for
   * a host of 1,500–2,000 (docs/throttling.md in the Lighthouse repository).
   */
  benchmarkIndex: number;
}

let reportCount = 0;
function saveReport(url: string, lhr: unknown): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  reportCount += 1;
  const route = new URL(url).pathname.replace(/\W+/g, '') || 'home';
  writeFileSync(join(dir, `${route}-${reportCount}.json`), JSON.stringify(lhr));
}

async function runOnce(url: string, chromePath: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    saveReport(url, result.lhr);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? NaN;
    const tasks = (audits['long-tasks']?.details as { items?: { url: string; duration: number }[] })
      ?.items;
    return {
      benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? NaN,
      performance: (categories.performance?.score ?? NaN) * 100,
      accessibility: (categories.accessibility?.score ?? NaN) * 100,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      longTasks: (tasks ?? [])
        .slice(0, LONG_TASKS_SHOWN)
        .map((t) => `${t.url.split('/').pop() || t.url} ${Math.round(t.duration)}`)
        .join(', '),
    };
  } finally {
    await chrome.kill();
  }
}

async function measure(url: string, chromePath: string): Promise<RunFigures> {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const r = await runOnce(url, chromePath);
    console.error(
      `[bench] lighthouse ${new URL(url).pathname}: performance ${r.performance}, a11y ${r.accessibility}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, host BenchmarkIndex ${Math.round(r.benchmarkIndex)}; longest tasks (ms at 4×): ${r.longTasks || 'none'}`,
    );
    runs.push(r);
  }
  const m = (k: Exclude<keyof RunFigures, 'longTasks'>) => median(runs.map((r) => r[k]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    longTasks: '',
    benchmarkIndex: m('benchmarkIndex'),
  };
}

export default async function lighthouseBench(ctx: BenchContext): Promise<Record<string, number>> {
  const server = await ctx.startServer();
  const chromePath = process.env.CHROME_PATH ?? ctx.chromiumPath;
  // LIGHTHOUSE_ROUTES (e.g. "/" or "/forecast,/live-feeds") measures only those routes.
  const only = process.env.LIGHTHOUSE_ROUTES?.split(',').map((r) => r.trim());
  const wanted = (route: string) => !only || only.includes(route);
  const figures: Record<string, number> = {};
  try {
    if (wanted('/')) {
      const home = await measure(`${server.url}/`, chromePath);
      figures['lighthouse.mobilePerformance'] = round(home.performance, 0);
      figures['lighthouse.mobileAccessibility'] = round(home.accessibility, 0);
      figures['lighthouse.fcpMs'] = round(home.fcp, 0);
      figures['lighthouse.lcpMs'] = round(home.lcp, 0);
      figures['lighthouse.tbtMs'] = round(home.tbt, 0);
    }
    if (wanted('/forecast'))
      figures['lighthouse.forecastPerformance'] = round(
        (await measure(`${server.url}/forecast`, chromePath)).performance,
        0,
      );
    if (wanted('/live-feeds'))
      figures['lighthouse.liveFeedsPerformance'] = round(
        (await measure(`${server.url}/live-feeds`, chromePath)).performance,
        0,
      );
    return figures;
  } finally {
    await server.stop();
  }
}
