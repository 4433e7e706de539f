/**
 * A night in minutes (issue 29): the production build with the map open for 8 simulated hours of
 * live polling, on one clock that moves the page (Playwright's `page.clock`), the poller's Web
 * Worker (./soak/workerClock.ts: page.clock does not reach dedicated workers), the local stack's
 * functions (`Date.now` in this process; the stack runs in-process as startStack) and the loopback
 * SWPC stand-in (./net/liveUpstream.ts, a new oval every 5 min, new 1-minute rows every minute).
 * The worker polls on its own schedule (workers/schedule.ts through the real createPoller); the
 * bench only moves the clock, a minute at a time, and lets each minute's work finish. The time
 * slider plays from the 2nd to the 4th hour; the last hour is quiet (map open, nothing played), and
 * from an hour before it the stand-in holds its data (the issue counts wake-ups "while nothing
 * changes on screen": the worker still polls on its schedule, the answers are the same, only ages
 * move; the feeds' stale and frozen states have come in the hour before).
 *
 * - `soak.heapGrowthMB`: JS heap of the page plus the worker after 8 h minus after the 1st hour,
 *   each after a full GC (CDP `HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`).
 * - `soak.domNodesGrowth`: DOM nodes (CDP `Memory.getDOMCounters`), the same two moments.
 * - `soak.cpuSecondsPerHour`: CPU time of the page's main thread and the worker's thread over the
 *   hours before the counted quiet minutes, slider playing included (a trace: `RunTask` thread
 *   durations, categories `toplevel`), per simulated hour.
 * - `soak.wakeupsPerHour`: timer callbacks (timeouts, intervals, animation frames, idle callbacks)
 *   in the page and the worker in the quiet last hour.
 * Printed on stderr: where the wake-ups come from (per source), the heap per target and where it
 * grew (a heap snapshot of each target after hour 1 and after hour 8, grouped by constructor with
 * the holders of their big members: ./soak/heapDiff.ts), and how many positions the slider showed
 * while it played.
 *
 * Clocks: the bench's `now()` (the real time plus `shift`) is the one origin. The worker's clock is
 * set from it when its script is served; the page's at install, stamped with the real time (see
 * there); both are checked against it once the worker runs.
 *
 * The service worker is blocked (its precache would download during the soak, and the worker's
 * script must come from the network for the clock to be put in front of it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page, type Worker } from 'playwright-core';
import { startStack } from '../../server/stack.ts';
import { startLiveUpstream } from './net/liveUpstream.ts';
import { round, type Bench } from './context.ts';
import { workerClockSource } from './soak/workerClock.ts';
import { attachTargets, heapAfterGc, type TargetSession } from './soak/targets.ts';
import {
  PAGE_WAKEUPS,
  readPageWakeups,
  topWakeupSources,
  type Wakeups,
} from './soak/pageWakeups.ts';
import { cpuSecondsByThread } from './soak/traceCpu.ts';
import { groupSnapshot, takeSnapshot, topGrowers, type HeapGroups } from './soak/heapDiff.ts';

const MIN = 60_000;
/** Simulated hours. */
const HOURS = 8;
/** The slider plays from this hour… */
const PLAY_FROM_H = 2;
/** …to this one. */
const PLAY_TO_H = 4;
/**
 * The last hour runs exactly (every timer and animation frame; the page's clock runs them one by
 * one, which costs real seconds per simulated minute): CPU and wake-ups are counted there. A whole
 * hour, not a part of one scaled up: the poller writes its feed rows' check times once an hour
 * (workers/poller/feedRows.ts CHECK_TIMES_LAG_MS), and a 10-minute window read 60–66 or 210–252
 * per hour by whether that round fell in it (the round's minute drifts with the first poll's).
 */
const QUIET_MIN = 60;
/**
 * The stand-in holds its data from this many minutes before the quiet hour. In that hour what it
 * moves (1- and 5-minute products) goes stale, then frozen (core/products/products.ts: 15–20 min,
 * 30 min), and the page shows it: those are changes on screen, so they come before the counted
 * hour, not in it (a 10-minute lead put 8 rows' state changes in the count).
 */
const HOLD_LEAD_MIN = 60;
/** The counted minutes' step, both clocks (below the page clock's 2 s grace for the worker's tick). */
const EXACT_STEP_MS = 1_000;
/** How far the page's or the worker's clock may be from the bench's at the start (a read's own latency under load). */
const CLOCK_SKEW_MAX_MS = 5_000;

async function workerOf(page: Page): Promise<Worker> {
  for (;;) {
    const w = page.workers().find((x) => x.url().includes('poller.worker'));
    if (w) {
      await w.evaluate(() => 'ready');
      return w;
    }
    await page.waitForEvent('worker', { timeout: 60_000 });
  }
}

/**
 * Clicks the slider's Play or Pause in the page (Playwright's actionability checks wait for
 * animation frames, which the paused page clock does not give); false if the button is not there.
 */
async function pressSliderButton(page: Page, label: 'Play' | 'Pause'): Promise<boolean> {
  const pressed = await page.evaluate((name) => {
    const button = document.querySelector<HTMLButtonElement>(
      `.time-slider button[aria-label="${name}"]`,
    );
    button?.click();
    return !!button;
  }, label);
  return pressed;
}

/** Moves the worker's clock and waits until the work it started has settled. */
async function advanceWorker(worker: Worker, ms: number): Promise<void> {
  await worker.evaluate(
    (step) =>
      (
        globalThis as unknown as { __soakClock: { advance(ms: number): Promise<void> } }
      ).__soakClock.advance(step),
    ms,
  );
  for (let i = 0; i < 400; i++) {
    const busy = await worker.evaluate(() =>
      (globalThis as unknown as { __soakClock: { inFlight(): number } }).__soakClock.inFlight(),
    );
    if (busy === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const workerWakeupSources = (worker: Worker, n: number) =>
  worker.evaluate(
    (k) =>
      (
        globalThis as unknown as { __soakClock: { sources(k: number): [string, number][] } }
      ).__soakClock.sources(k),
    n,
  );

const workerFires = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as unknown as { __soakClock: { fires(): number } }).__soakClock.fires(),
  );

const bench: Bench = async (ctx) => {
  const realNow = Date.now;
  const start = Math.floor(realNow() / MIN) * MIN + 30_000;
  let shift = start - realNow();
  const now = () => realNow() + shift;
  // Set when the quiet window starts: the stand-in then answers as at that moment.
  let upstreamHeldAt: number | null = null;
  const upstream = await startLiveUpstream(ctx.root, () => upstreamHeldAt ?? now());
  const pgliteDir = mkdtempSync(join(tmpdir(), 'aurora-soak-pglite-'));
  // The functions read this process's clock (their caches, ages and cadences).
  Date.now = now;
  const stack = await startStack({
    pgliteDir,
    distDir: ctx.distDir,
    functionEnv: {
      SWPC_BASE_URL: upstream.url,
      GFZ_BASE_URL: upstream.url,
      SDO_BASE_URL: upstream.url,
    },
    log: () => undefined,
  });
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
    });
    await context.route(/\/assets\/poller\.worker-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        // `export *`: the worker's later chunks (its RxDB part) import the entry's exports by this
        // same URL, so the stand-in entry must hand them on.
        body: `import '/__soak/clock.js';\nexport * from '${new URL(route.request().url()).pathname}?soak';\n`,
      }),
    );
    await context.route('**/__soak/clock.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: workerClockSource(now()) }),
    );
    const page = await context.newPage();
    // Playwright stamps the clock's install with this process's Date.now and, in the page's new
    // document, moves the clock on by the browser's real time since that stamp: stamped with the
    // shifted clock, the page started |shift| (up to 30 s) off the worker, whose clock is set
    // from now() when its script is served. One origin for both: the real time at install.
    Date.now = realNow;
    try {
      await page.clock.install({ time: now() });
    } finally {
      Date.now = now;
    }
    await page.addInitScript(PAGE_WAKEUPS);
    if (process.env.BENCH_DEBUG) page.on('console', (m) => console.error('[page]', m.text()));
    const targets = await attachTargets(page);
    await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
    await page.goto(`${stack.url}/`);
    // The map, not yet its oval: under load the first poll may time out (10 s of real time) and
    // back off on the simulated clock, which only moves once the minutes run.
    await page.waitForSelector('.aurora-map__ol', { timeout: 120_000 });
    const worker = await workerOf(page);
    const workerSession = await targets.worker();
    // Each clock against the bench's own (the real time plus the shift both started from), read
    // right after it: a clock off by more than a few seconds is a real skew, and it names which.
    for (const [name, read] of [
      ['page', () => page.evaluate(() => Date.now())],
      ['worker', () => worker.evaluate(() => Date.now())],
    ] as const) {
      const off = (await read()) - now();
      if (Math.abs(off) > CLOCK_SKEW_MAX_MS)
        throw new Error(`soak: the ${name}'s clock is ${off} ms off the bench's`);
    }

    // Then one time for both, as on a phone (one system clock): the page's clock rings from the
    // worker's timer (src/ui/clock/sharedClock.ts `follow`), and a worker a second ahead or two
    // behind would ring it early or after its own fallback.
    const pageTime = await page.evaluate(() => Date.now());
    await worker.evaluate(
      (t) =>
        (globalThis as unknown as { __soakClock: { setNow(t: number): void } }).__soakClock.setNow(
          t,
        ),
      pageTime,
    );

    const snapshot = async () => ({
      pageHeap: await heapAfterGc(targets.page),
      workerHeap: await heapAfterGc(workerSession),
      nodes: (await targets.page.send<{ nodes: number }>('Memory.getDOMCounters')).nodes,
    });
    // Heap snapshots (after the figures are read), grouped at once: the note says where bytes go.
    // BENCH_SOAK_SNAPSHOTS=<dir> also writes them there (open in DevTools → Memory → Load).
    const keepDir = process.env.BENCH_SOAK_SNAPSHOTS;
    const grouped = async (t: TargetSession, name: string) => {
      const json = await takeSnapshot(t);
      if (keepDir) writeFileSync(join(keepDir, `${name}.heapsnapshot`), json);
      return groupSnapshot(json);
    };
    const groups = async (): Promise<{ page: HeapGroups; worker: HeapGroups }> => {
      const at = afterFirstHour && groupsAfterFirstHour ? 'end' : 'hour1';
      return {
        page: await grouped(targets.page, `page-${at}`),
        worker: await grouped(workerSession, `worker-${at}`),
      };
    };
    let groupsAfterFirstHour: Awaited<ReturnType<typeof groups>> | null = null;
    let afterFirstHour: Awaited<ReturnType<typeof snapshot>> | null = null;
    const realStarted = realNow();
    const sliderText = () =>
      page
        .locator('.time-slider input[type=range]')
        .getAttribute('aria-valuetext')
        .catch(() => 'none');
    // The positions the slider showed while playing (each minute's): it must move.
    const playedThrough = new Set<string | null>();
    // The worker's clock follows the page's (each moved a minute at a time, they would drift apart
    // by the real time each move takes: the page's clock rings from the worker's timer, so they
    // must keep one time, as the two threads of a phone do).
    const workerCatchesUp = async () => {
      const ahead =
        (await page.evaluate(() => Date.now())) - (await worker.evaluate(() => Date.now()));
      if (ahead > 0) await advanceWorker(worker, ahead);
    };
    const minute = async (exact: boolean) => {
      if (!exact) {
        shift += MIN;
        await page.clock.fastForward(MIN);
        await workerCatchesUp();
        return;
      }
      // Counted minutes: both clocks in steps shorter than the page clock's grace for the worker's
      // tick (src/ui/clock/sharedClock.ts FOLLOW_GRACE_MS), the page's first, as the two threads
      // share one time on a phone: a minute moved whole on the page and then on the worker would
      // fire the page's fallback before the worker's tick could come.
      for (let t = 0; t < MIN; t += EXACT_STEP_MS) {
        shift += EXACT_STEP_MS;
        await page.clock.runFor(EXACT_STEP_MS);
        await workerCatchesUp();
      }
    };
    // Hours: each minute fast-forwarded (every due timer fires, a repeating one once a minute).
    for (let m = 1; m <= HOURS * 60 - QUIET_MIN; m++) {
      // The stand-in holds its data from an hour before the quiet hour (HOLD_LEAD_MIN): nothing
      // new comes in it, and nothing changes on screen but the ages.
      if (m === HOURS * 60 - QUIET_MIN - HOLD_LEAD_MIN + 1) upstreamHeldAt = now();
      await minute(false);
      if (m === PLAY_FROM_H * 60 && !(await pressSliderButton(page, 'Play')))
        throw new Error('soak: the time slider has no Play button');
      // Playback may have stopped by itself (the slider's own rules); then there is nothing to pause.
      if (m === PLAY_TO_H * 60 && !(await pressSliderButton(page, 'Pause')))
        console.error(`[bench] soak: the slider was no longer playing at hour ${PLAY_TO_H}`);
      if (m > PLAY_FROM_H * 60 && m <= PLAY_TO_H * 60) playedThrough.add(await sliderText());
      if (m === PLAY_TO_H * 60)
        console.error(
          `[bench] soak: the slider showed ${playedThrough.size} positions in the ${(PLAY_TO_H - PLAY_FROM_H) * 60} minutes it played`,
        );
      if (m === 60) {
        afterFirstHour = await snapshot();
        groupsAfterFirstHour = await groups();
      }
      if (m % 60 === 0)
        console.error(
          `[bench] soak: hour ${m / 60} done (${((realNow() - realStarted) / 1000).toFixed(0)} s real), slider: ${await sliderText()}`,
        );
    }
    const whole = cpuSecondsByThread((await browser.stopTracing()).toString('utf8'));
    console.error(
      `[bench] soak: CPU by thread, the fast-forwarded hours: ${Object.entries(whole)
        .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
        .join(', ')}`,
    );
    // The quiet window, exact: every timer and animation frame at its own time; upstream holds.
    const q0 = { page: await readPageWakeups(page), worker: await workerFires(worker) };
    await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
    for (let m = 0; m < QUIET_MIN; m++) await minute(true);
    const cpu = cpuSecondsByThread((await browser.stopTracing()).toString('utf8'));
    const q1 = { page: await readPageWakeups(page), worker: await workerFires(worker) };
    const end = await snapshot();
    const endGroups = await groups();
    const perHour = 60 / QUIET_MIN;
    console.error(
      `[bench] soak: CPU by thread in the quiet ${QUIET_MIN} min: ${Object.entries(cpu)
        .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
        .join(', ')}`,
    );
    const first = afterFirstHour!;
    console.error(
      `[bench] soak: heap after 1 h: page ${(first.pageHeap / 1e6).toFixed(2)} MB, worker ${(first.workerHeap / 1e6).toFixed(2)} MB; after ${HOURS} h: page ${(end.pageHeap / 1e6).toFixed(2)} MB, worker ${(end.workerHeap / 1e6).toFixed(2)} MB; DOM nodes ${first.nodes} → ${end.nodes}`,
    );
    for (const t of ['page', 'worker'] as const) {
      console.error(
        `[bench] soak: the ${t}'s heap growers from hour 1 to hour ${HOURS} (snapshots):`,
      );
      for (const line of topGrowers(groupsAfterFirstHour![t], endGroups[t], 8))
        console.error(`[bench] soak:   ${line}`);
    }
    const pageWake: Wakeups = {
      timeout: q1.page.timeout - q0.page.timeout,
      interval: q1.page.interval - q0.page.interval,
      animationFrame: q1.page.animationFrame - q0.page.animationFrame,
      idle: q1.page.idle - q0.page.idle,
    };
    const workerWake = q1.worker - q0.worker;
    console.error(
      `[bench] soak: wake-ups in the quiet ${QUIET_MIN} min: page ${JSON.stringify(pageWake)}, worker ${workerWake} timer callbacks; the page's most frequent there:`,
    );
    for (const [where, n] of await topWakeupSources(page, 12))
      console.error(`[bench] soak:   ${String(n).padStart(7)}  ${where}`);
    console.error(`[bench] soak: the worker's most frequent since load:`);
    for (const [where, n] of await workerWakeupSources(worker, 6))
      console.error(`[bench] soak:   ${String(n).padStart(7)}  ${where}`);
    // Over the hours before the quiet window (the slider's playing included), per simulated hour:
    // the quiet minutes run in 1 s steps, and the bench's own calls into the page are in their trace.
    const tracedHours = (HOURS * 60 - QUIET_MIN) / 60;
    const mainAndWorker =
      ((whole.CrRendererMain ?? 0) + (whole.DedicatedWorker ?? 0)) / tracedHours;
    console.error(
      `[bench] soak: CPU of the page's main thread and the worker: ${mainAndWorker.toFixed(2)} s per hour over the ${tracedHours.toFixed(2)} h before the quiet window, ${(((cpu.CrRendererMain ?? 0) + (cpu.DedicatedWorker ?? 0)) * perHour).toFixed(2)} s per hour in it (the bench's ${(QUIET_MIN * MIN) / EXACT_STEP_MS} steps included)`,
    );
    return {
      'soak.heapGrowthMB': round(
        (end.pageHeap + end.workerHeap - first.pageHeap - first.workerHeap) / 1e6,
        2,
      ),
      'soak.domNodesGrowth': end.nodes - first.nodes,
      'soak.cpuSecondsPerHour': round(mainAndWorker, 2),
      'soak.wakeupsPerHour': Math.round(
        (Object.values(pageWake).reduce((x, y) => x + y, 0) + workerWake) * perHour,
      ),
    };
  } finally {
    Date.now = realNow;
    await browser.close();
    await stack.stop();
    await upstream.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
};

export default bench;
