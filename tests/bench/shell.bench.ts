/**
 * Shell figures (budgets in docs/architecture.md):
 * - `bundle.initialGzipKB`: the JS and CSS the page itself loads to show `/` (the map screen),
 *   each file gzipped with zlib and counted once — read from the page's own resource timing (which
 *   lists the poller worker's script) plus the static imports of those files in the build (a
 *   module worker fetches its imports itself). Chunks only the worker needs are also reported as
 *   `bundle.initialWorkerGzipKB`, the page's as `bundle.initialPageGzipKB`; data files the page
 *   fetched (the basemap) are `bundle.initialDataGzipKB`;
 * - `shell.offlineReloadMs`: with the service worker in control and the network off, a reload
 *   until the header is painted (median of 5).
 * - `net.coldStartKB`: every byte on the wire (as sent: compressed bodies plus response headers,
 *   Chromium's `encodedDataLength` of CDP `Network.loadingFinished`, read through Playwright's
 *   `request.sizes()`, which also sees the poller worker's requests) for a first visit of `/`
 *   until the aurora oval is drawn (the map's `data-rendered-frame`; answers from the browser's
 *   cache count nothing, and the worker's own script, whose body size Chromium does not report,
 *   counts its Content-Length: `onTheWire`), as a browser sending
 *   `Accept-Encoding: gzip, deflate, br` gets it. The service worker is blocked: its precache is a
 *   background install 500 ms after load that the oval does not wait for (on a phone it competes
 *   for the same bar of signal, so it is reported too, as `net.coldStartWithSwKB`, with the
 *   service worker allowed, until the oval is drawn).
 * - `main.longTasks5s` and `main.longestTask5sMs`: long tasks (> 50 ms, PerformanceObserver
 *   `longtask`, buffered) on the page's main thread in the first 5 s of a first visit of `/` at
 *   4× CPU slowdown (CDP `Emulation.setCPUThrottlingRate`), a phone's 390 × 844 screen.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { median, round, type BenchContext } from './context.ts';
import { staticImportClosure } from '../support/staticImportClosure.ts';

const RUNS = 5;
/** Quiet time that ends the page load, long enough that the 300 ms route preloads are counted. */
const SETTLE_MS = 1500;

function gzipKB(distDir: string, paths: Iterable<string>): { kb: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const p of paths) {
    const file = join(distDir, p);
    if (!existsSync(file)) continue;
    bytes += gzipSync(readFileSync(file)).length;
    files += 1;
  }
  return { kb: bytes / 1024, files };
}

const isCode = (pathname: string) => /\.(m?js|css)$/.test(pathname) && pathname !== '/sw.js';
const isData = (pathname: string) =>
  /\.(json|geojson|topojson)$/.test(pathname) && !pathname.endsWith('.webmanifest');

async function measureBundle(browser: Browser, url: string, distDir: string) {
  // No service worker: it would precache every chunk, and we want what `/` itself needs.
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  // The worker's own requests (its RxDB, imported once the first oval is drawn) are not in the
  // page's timeline: the context sees every request, the worker's too.
  const requested = new Set<string>();
  context.on('request', (request) => {
    const u = new URL(request.url());
    if (u.origin === new URL(url).origin) requested.add(u.pathname);
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('h1', { hasText: 'Aurora Map' }).waitFor();
  await page.waitForLoadState('load');
  // The app keeps polling data, so "network idle" may never come: wait instead until no new
  // script or stylesheet has arrived for SETTLE_MS (bounded).
  let last = -1;
  for (let waited = 0; waited < 20_000; waited += SETTLE_MS) {
    const count = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((e) => /\.(m?js|css)(\?|$)/.test(e.name))
          .length,
    );
    if (count === last) break;
    last = count;
    await page.waitForTimeout(SETTLE_MS);
  }
  const pageLoaded = new Set(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin)
        .map((u) => u.pathname),
    ),
  );
  await context.close();
  // The page's timeline lists the worker's script but not the chunks the module worker imports
  // itself: add what the context saw requested and every static import of what was loaded, read
  // from the build.
  const loadedCode = [...new Set([...pageLoaded, ...requested])].filter(isCode);
  const code = [...new Set([...loadedCode, ...staticImportClosure(distDir, loadedCode)])];
  // A worker script runs off the main thread: its chunks that the page did not need anyway are
  // reported inside the total and also on their own (`worker`); chunks both use count once.
  const isWorkerEntry = (p: string) => /worker/i.test(p);
  const pageTimeline = [...pageLoaded].filter(isCode);
  const pageCode = new Set([
    ...staticImportClosure(
      distDir,
      pageTimeline.filter((p) => !isWorkerEntry(p)),
    ),
    ...pageTimeline.filter((p) => !isWorkerEntry(p) && !/\.m?js$/.test(p)),
  ]);
  const workerOnly = code.filter((p) => !pageCode.has(p));
  // Which files, biggest first, on stderr (stdout is the JSON): what to look at when the figure moves.
  const sizes = new Map(code.map((p) => [p, gzipKB(distDir, [p]).kb]));
  for (const p of [...code].sort((a, b) => sizes.get(b)! - sizes.get(a)!)) {
    console.error(
      `[bench]   ${sizes.get(p)!.toFixed(1).padStart(6)} KB  ${p}${pageCode.has(p) ? '' : '  (worker only)'}`,
    );
  }
  return {
    main: gzipKB(distDir, code),
    page: gzipKB(distDir, pageCode),
    worker: gzipKB(distDir, workerOnly),
    data: gzipKB(distDir, [...pageLoaded].filter(isData)),
  };
}

interface Sized {
  url: string;
  /** Chromium's encoded body and header sizes (0 for a response from the browser's cache). */
  body: number;
  headers: number;
  /** The Content-Length header (the encoded body), 0 when absent. */
  length: number;
}

/**
 * What each URL cost on the wire. The module worker asks again for the chunks it shares with the
 * page, and the browser answers those from its cache (body size 0): they count nothing. Chromium
 * reports no body size for the worker's own script either, fetched once from the network: a URL
 * seen only once with no body size counts its Content-Length.
 */
function onTheWire(all: readonly Sized[]): { url: string; bytes: number }[] {
  const byUrl = new Map<string, Sized[]>();
  for (const r of all) byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), r]);
  return [...byUrl].map(([url, seen]) => {
    const received = seen.filter((r) => r.body > 0);
    const wire = received.length > 0 ? received : seen.slice(0, 1);
    return {
      url,
      bytes: wire.reduce((n, r) => n + (r.body || r.length) + r.headers, 0),
    };
  });
}

/** Bytes received for a first visit of `url` until the oval is drawn (see the header). */
async function measureColdStart(
  browser: Browser,
  url: string,
  serviceWorkers: 'allow' | 'block',
): Promise<number> {
  const context = await browser.newContext({
    serviceWorkers,
    viewport: { width: 390, height: 844 },
  });
  const sizes: Promise<Sized>[] = [];
  let counting = true;
  context.on('requestfinished', (request) => {
    if (!counting) return;
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(
        async ([s, response]) => ({
          url: request.url(),
          body: Math.max(0, s.responseBodySize),
          headers: Math.max(0, s.responseHeadersSize),
          length: Number((await response?.allHeaders())?.['content-length']) || 0,
        }),
        () => ({ url: request.url(), body: 0, headers: 0, length: 0 }),
      ),
    );
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => !!document.querySelector('.aurora-map__ol')?.getAttribute('data-rendered-frame'),
    undefined,
    { timeout: 90_000 },
  );
  counting = false;
  const all = onTheWire(await Promise.all(sizes));
  await context.close();
  const total = all.reduce((n, r) => n + r.bytes, 0);
  console.error(
    `[bench] cold start (service worker ${serviceWorkers}): ${all.length} URLs, ${(total / 1024).toFixed(1)} KB`,
  );
  // Every response of 1 KB or more, then the rest as one line: the whole breakdown of the figure.
  const sorted = [...all].sort((a, b) => b.bytes - a.bytes);
  const big = sorted.filter((r) => r.bytes >= 1024);
  for (const r of big) {
    console.error(
      `[bench]   ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(r.url).pathname}`,
    );
  }
  const rest = sorted.slice(big.length);
  console.error(
    `[bench]   ${(rest.reduce((n, r) => n + r.bytes, 0) / 1024).toFixed(1).padStart(6)} KB  ${rest.length} smaller URLs`,
  );
  return total / 1024;
}

/** Long tasks in the first 5 s of a cold visit of `url` at 4× CPU slowdown. */
async function measureLongTasks(
  browser: Browser,
  url: string,
): Promise<{ count: number; longest: number }> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript(`
    (() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    })();
  `);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.waitForFunction(() => performance.now() > 5000, undefined, {
    timeout: 60_000,
    polling: 250,
  });
  const tasks = (await page.evaluate('window.__longTasks')) as {
    start: number;
    duration: number;
  }[];
  await context.close();
  const first = tasks.filter((t) => t.start < 5000);
  for (const t of first)
    console.error(`[bench]   long task at ${Math.round(t.start)} ms: ${Math.round(t.duration)} ms`);
  return { count: first.length, longest: Math.max(0, ...first.map((t) => t.duration)) };
}

async function measureOfflineReload(
  browser: Browser,
  url: string,
): Promise<{ shell: number; fcp: number }> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
  });
  // Checks every frame for the header; the mark goes in the frame after the one that painted it.
  // A string, not a function: tsx would wrap named functions in a helper the browser lacks.
  await context.addInitScript(`
    (() => {
      const seen = () => document.querySelector('header.app-header, body header');
      const tick = () => {
        if (seen()) {
          performance.mark('shell-seen');
          requestAnimationFrame(() => performance.mark('shell-painted'));
        }
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })();
  `);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, {
    timeout: 60_000,
  });
  await context.setOffline(true);
  const shell: number[] = [];
  const fcp: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    await page.reload();
    const t = await page.waitForFunction(
      () => {
        const seenAt = performance.getEntriesByName('shell-seen')[0];
        const m = performance.getEntriesByName('shell-painted')[0];
        const p = performance.getEntriesByName('first-contentful-paint')[0];
        if (!seenAt || !m || !p) return null;
        // The header is on screen at the first paint after it entered the DOM: the first
        // contentful paint if that came later, else the frame after it was seen.
        return {
          shell: p.startTime >= seenAt.startTime ? p.startTime : m.startTime,
          fcp: p.startTime,
        };
      },
      undefined,
      { timeout: 30_000 },
    );
    const v = (await t.jsonValue()) as { shell: number; fcp: number };
    shell.push(v.shell);
    if (Number.isFinite(v.fcp)) fcp.push(v.fcp);
  }
  await context.close();
  return { shell: median(shell), fcp: median(fcp) };
}

export default async function shellBench(ctx: BenchContext): Promise<Record<string, number>> {
  const server = await ctx.startServer();
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath });
  try {
    const bundle = await measureBundle(browser, `${server.url}/`, ctx.distDir);
    const longTasks = await measureLongTasks(browser, `${server.url}/`);
    const coldStart = await measureColdStart(browser, `${server.url}/`, 'block');
    const coldStartWithSw = await measureColdStart(browser, `${server.url}/`, 'allow');
    const reload = await measureOfflineReload(browser, `${server.url}/`);
    return {
      'bundle.initialGzipKB': round(bundle.main.kb),
      'bundle.initialFiles': bundle.main.files,
      'bundle.initialPageGzipKB': round(bundle.page.kb),
      'bundle.initialWorkerGzipKB': round(bundle.worker.kb),
      'bundle.initialDataGzipKB': round(bundle.data.kb),
      'net.coldStartKB': round(coldStart),
      'main.longTasks5s': longTasks.count,
      'main.longestTask5sMs': round(longTasks.longest),
      'net.coldStartWithSwKB': round(coldStartWithSw),
      'shell.offlineReloadMs': round(reload.shell),
      'shell.offlineFcpMs': round(reload.fcp),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
