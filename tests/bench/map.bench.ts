/**
 * Map figures (budgets in docs/architecture.md), in headless Chromium against the production build and the local
 * stack:
 * - `map.offlineOvalMs`: with the service worker in control and the network off, a reload until
 *   the aurora oval is drawn (the map's `rendercomplete` with a grid on screen), from navigation
 *   start; median of 5, with another process keeping one core busy (`node -e "for(;;){}"`,
 *   started by this bench and killed after): the figure read 366–496 ms on a busy 2-core machine
 *   against 233–372 ms on a quiet one, so the budget holds for the busy case.
 *   `map.offlineOvalQuietMs` is the same without that process.
 * - `map.frameSwitchMs`: a time-slider step (Previous frame) until the new frame is drawn; median
 *   of 12 steps. The stack replays one recorded OVATION file, so to have several frames this bench
 *   serves four OVATION files of 2022-04-14 (recorded, from ../shared, or constructed) in turn on the backend's aurora-oval route, their
 *   two timestamps moved by whole minutes so that the last one is 14 minutes old (the slider shows
 *   the last 24 h). Not the page clock: Playwright's clock.install() replaces requestAnimationFrame,
 *   the timers and performance.now() with its own emulation, so steps would be timed on emulated
 *   frames instead of the browser's.
 *
 * "Drawn" is the map element's `data-rendered-frame`, which the map sets after a render that
 * composed that frame's aurora image (src/features/map/olmap/AuroraMap.tsx). The map draws a step
 * in the step's own task (olmap/useDrawnAtOnce.ts); the browser shows the canvas at its next frame,
 * whose start after the draw is printed on stderr ("shown"). Drawn in the next animation frame
 * instead, back-to-back steps each took one 60 Hz period (16.6 ms): the wait for that frame plus
 * its work.
 */
import { spawn } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { median, round, type BenchContext } from './context.ts';
import { benchSwpc } from './swpcBodies.ts';

const RUNS = 5;
const STEPS = 12;
const FRAMES = ['1422Z', '1426Z', '1432Z', '1926Z'];
/** The evening the 2022-04-14 files are moved from: their last frame (19:26) is then 14 minutes old. */
const RECORDED_NOW = Date.parse('2022-04-14T19:40:00Z');

/** A recorded OVATION file with its observation and forecast times moved by `shiftMs` (whole minutes). */
function shiftOvationTimes(body: string, shiftMs: number): string {
  return body.replace(
    /("(?:Observation|Forecast) Time":\s*")([^"]+)(")/g,
    (_m, a: string, iso: string, b: string) => {
      const t = Date.parse(iso);
      if (!Number.isFinite(t)) throw new Error(`unreadable OVATION time ${iso}`);
      return `${a}${new Date(t + shiftMs).toISOString().replace(/\.\d{3}Z$/, 'Z')}${b}`;
    },
  );
}

// A string, not a function: tsx would wrap named functions in a helper the browser lacks.
const MARK_OVAL = `
  (() => {
    const check = () => {
      const el = document.querySelector('.aurora-map__ol');
      if (el && el.getAttribute('data-rendered-frame')) { performance.mark('oval-drawn'); return; }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

async function ovalDrawn(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => !!document.querySelector('.aurora-map__ol')?.getAttribute('data-rendered-frame'),
    undefined,
    { timeout },
  );
}

async function measureOfflineOval(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
  });
  const ms = await offlineOvalMs(context, url);
  await context.close();
  return ms;
}

/**
 * `map.offlineOvalMs` in a context of the caller's (service workers allowed; tests/bench/store90d.bench.ts
 * brings one whose database already holds 90 days): the median offline reload until the oval is drawn.
 */
export async function offlineOvalMs(context: BrowserContext, url: string): Promise<number> {
  await context.addInitScript(MARK_OVAL);
  const page = await context.newPage();
  await page.goto(url);
  await ovalDrawn(page, 60_000);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, {
    timeout: 60_000,
  });
  await context.setOffline(true);
  const times: number[] = [];
  const byMark: Record<string, number[]> = {};
  for (let i = 0; i < RUNS; i++) {
    await page.reload();
    const t = await page.waitForFunction(
      () => performance.getEntriesByName('oval-drawn')[0]?.startTime ?? null,
      undefined,
      { timeout: 30_000 },
    );
    times.push((await t.jsonValue()) as number);
    // Where the time went: the map's User Timing marks (src/features/map/CONTEXT.md).
    const marks = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('map:'))
        .map((m) => [m.name, m.startTime] as const),
    );
    for (const [name, at] of marks) (byMark[name] ??= []).push(at);
  }
  console.error(
    `[bench] offline oval marks (median ms from navigation): ${Object.entries(byMark)
      .map(([name, at]) => `${name} ${Math.round(median(at))}`)
      .join(', ')}`,
  );
  console.error(`[bench] offline oval reloads (ms): ${times.map(Math.round).join(', ')}`);
  await context.setOffline(false);
  return median(times);
}

async function measureFrameSwitch(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  const shift = Math.floor((Date.now() - RECORDED_NOW) / 60_000) * 60_000;
  const bodies = FRAMES.map((f) =>
    shiftOvationTimes(benchSwpc(`more/2022-04-14/${f}/ovation_aurora_latest.json`), shift),
  );
  let served = 0;
  // These files stand in for the agency's answer: the worker is told this backend has no
  // `multi` exchange, so it asks for the oval on its own, and gets the file (no compact form).
  await context.route('**/functions/v1/space-weather/multi?*', (route) =>
    route.fulfill({ status: 404, body: 'not found' }),
  );
  // The first request is the worker's early ask for a first visit's oval (compact only,
  // workers/poller/firstGrid.ts): it gets the first frame without using it up.
  let asked = 0;
  await context.route('**/functions/v1/space-weather/aurora-oval?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: bodies[Math.min(asked++ === 0 ? served : served++, bodies.length - 1)]!,
    }),
  );
  const page = await context.newPage();
  await page.goto(url);
  await ovalDrawn(page, 60_000);
  // Each Go Offline → Go Online asks the poller for a fresh poll: one more recorded frame.
  const slider = page.getByRole('slider', { name: 'Forecast frame' });
  for (
    let i = 0;
    i < 10 && !/of 4$/.test((await slider.getAttribute('aria-valuetext')) ?? '');
    i++
  ) {
    await page.getByRole('button', { name: 'Go Offline' }).click();
    await page.getByRole('button', { name: 'Go Online' }).click();
    await page.waitForTimeout(1500);
  }
  const steps = await page.evaluate(async (n) => {
    const el = document.querySelector('.aurora-map__ol') as HTMLElement;
    const prev = document.querySelector('button[aria-label="Previous frame"]') as HTMLButtonElement;
    const next = document.querySelector('button[aria-label="Next frame"]') as HTMLButtonElement;
    const out: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < n; i++) {
      const button = prev.disabled ? next : next.disabled ? prev : i % 6 < 3 ? prev : next;
      if (button.disabled) break;
      const before = el.dataset.renderedFrame;
      const t = performance.now();
      button.click();
      await new Promise<void>((res) => {
        const obs = new MutationObserver(() => {
          if (el.dataset.renderedFrame !== before) {
            obs.disconnect();
            res();
          }
        });
        obs.observe(el, { attributes: true });
      });
      out.push(performance.now() - t);
      // The start of the browser's next frame, which shows the drawn canvas.
      await new Promise<void>((res) => requestAnimationFrame(() => res()));
      shown.push(performance.now() - t);
    }
    return { out, shown };
  }, STEPS);
  await context.close();
  if (steps.out.length === 0)
    throw new Error('map.frameSwitchMs: fewer than two frames were stored');
  console.error(
    `[bench] frame steps drawn (ms): ${steps.out.map((x) => x.toFixed(1)).join(', ')}; the next frame began at a median ${median(steps.shown).toFixed(1)} ms`,
  );
  return median(steps.out);
}

/** Runs `measure` while a child process spins one core; the child is killed after. */
async function withBusyCore<T>(measure: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  try {
    return await measure();
  } finally {
    spinner.kill('SIGKILL');
  }
}

export default async function mapBench(ctx: BenchContext): Promise<Record<string, number>> {
  const server = await ctx.startServer();
  const browser = await chromium.launch({ executablePath: ctx.chromiumPath });
  try {
    const quiet = await measureOfflineOval(browser, `${server.url}/`);
    const busy = await withBusyCore(() => measureOfflineOval(browser, `${server.url}/`));
    const frameSwitch = await measureFrameSwitch(browser, `${server.url}/`);
    return {
      'map.offlineOvalMs': round(busy),
      'map.offlineOvalQuietMs': round(quiet),
      'map.frameSwitchMs': round(frameSwitch),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
