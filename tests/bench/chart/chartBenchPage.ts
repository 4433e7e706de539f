/**
 * Runs in Chromium (built with Vite like the app by tests/bench/chart.bench.ts).
 * - `solarWind7dDrawMs`: the /live-feeds solar-wind charts (the real `SolarWindCharts`, uPlot
 *   already loaded as on a second chart) mounted on a 7-day range: from render until both charts
 *   have drawn every minute of Bz, Bt, speed and density read from IndexedDB through RxDB. Each
 *   trial shows a different stored week, so no cache answers; median of the trials.
 * - `appendMs`: one new minute appended to a 7-day `TimeChart`: from the new props until uPlot's
 *   draw has finished (the `chart:draw` mark's own time); median of 30 appends.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { openDatabase } from '../../../sync/database.ts';
import { DatabaseProvider } from '../../../sync/react/index.ts';
import { utcDayStart } from '../../../core/time/dayKey.ts';
import { writeSeries } from '../../../sync/write.ts';
import { SolarWindCharts } from '../../../src/features/live-feeds/SolarWindCharts.tsx';
import { MAGNETIC_FIELD } from '../../../src/features/live-feeds/solarWindSpecs.ts';
import { TimeChart } from '../../../src/ui/charts/TimeChart.tsx';
import { UTC_CLOCK } from '../../../src/lib/clock.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const TRIALS = 6;
const FULL_WEEK_POINTS = 10_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface DrawMark {
  startTime: number;
  detail: { title: string; points: number };
}

/** Resolves with the time of the first draw after `since` of each title with at least `points` points. */
async function drawnAt(titles: readonly string[], since: number, points: number): Promise<number> {
  for (let i = 0; i < 3000; i++) {
    const marks = performance.getEntriesByName('chart:draw') as unknown as DrawMark[];
    const times = titles.map(
      (title) =>
        marks.find(
          (m) => m.startTime >= since && m.detail.title === title && m.detail.points >= points,
        )?.startTime,
    );
    if (times.every((t) => t !== undefined)) return Math.max(...(times as number[]));
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no full draw of ${titles.join(', ')}`);
}

function wave(i: number): number {
  return Math.sin(i / 97) * 8 + Math.sin(i / 13) * 2;
}

async function run(): Promise<Record<string, number>> {
  const db = await openDatabase({
    name: `chart-bench-${Date.now()}`,
    storage: 'dexie',
    multiInstance: false,
  });
  const end = utcDayStart(Date.now()) + DAY;
  const start = end - (TRIALS + 1) * WEEK - DAY;
  for (let w = start; w < end; w += WEEK) {
    const t = Array.from({ length: Math.min(WEEK, end - w) / MIN }, (_, i) => w + i * MIN);
    const col = (f: (i: number) => number) => t.map((_, i) => f(i));
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t,
        fields: {
          speed: col((i) => 420 + 60 * Math.sin(i / 700)),
          density: col((i) => 5 + 3 * Math.sin(i / 300)),
          temperature: col((i) => 1e5 + i),
        },
        source: 'DSCOVR',
      },
      { fetchedAt: end },
    );
    await writeSeries(
      db,
      {
        product: 'solar-wind-mag',
        t,
        fields: {
          bx: col((i) => i % 5),
          by: col((i) => -(i % 4)),
          bz: col(wave),
          bt: col((i) => Math.abs(wave(i)) + 3),
          lon: col((i) => i % 360),
          lat: col((i) => (i % 90) - 45),
        },
        source: 'DSCOVR',
      },
      { fetchedAt: end },
    );
  }
  const host = document.getElementById('root')!;
  const titles = ['Magnetic field', 'Solar wind plasma'];
  const drawMs: number[] = [];
  let root: Root | null = null;
  // Trial -1 warms up: uPlot's chunk loads and the JIT sees the code once, as on any chart after the first.
  for (let k = -1; k < TRIALS; k++) {
    root?.unmount();
    collectGarbage();
    const weekEnd = end - (k + 1) * WEEK - MIN;
    root = createRoot(host);
    const started = performance.now();
    root.render(
      createElement(DatabaseProvider, {
        database: db,
        children: createElement(SolarWindCharts, {
          end: weekEnd,
          now: weekEnd,
          initialRange: '7d',
        }),
      }),
    );
    const done = await drawnAt(titles, started, FULL_WEEK_POINTS);
    if (k >= 0) drawMs.push(done - started);
  }
  root?.unmount();

  // Appends: one chart of 7 days; each step adds the next minute.
  const n = 7 * 24 * 60;
  const t = Array.from({ length: n }, (_, i) => end - (n - i) * MIN);
  const bz = t.map((_, i) => wave(i));
  const bt = t.map((_, i) => Math.abs(wave(i)) + 3);
  const appendRoot = createRoot(host);
  const props = (len: number) => {
    const to = t[0]! + (len - 1) * MIN;
    return {
      spec: MAGNETIC_FIELD,
      data: { t: t.slice(0, len), columns: { bz: bz.slice(0, len), bt: bt.slice(0, len) } },
      window: { from: to - WEEK, to },
      clock: UTC_CLOCK,
      now: to,
    };
  };
  const base = n - 31;
  flushSync(() => appendRoot.render(createElement(TimeChart, props(base))));
  await drawnAt(['Magnetic field'], 0, base);
  const appendMs: number[] = [];
  for (let len = base + 1; len <= n; len++) {
    const next = props(len);
    collectGarbage();
    const started = performance.now();
    flushSync(() => appendRoot.render(createElement(TimeChart, next)));
    appendMs.push((await drawnAt(['Magnetic field'], started, len)) - started);
  }
  appendRoot.unmount();
  await db.remove();
  return { solarWind7dDrawMs: median(drawMs), appendMs: median(appendMs) };
}

(globalThis as { runChartBench?: () => Promise<Record<string, number>> }).runChartBench = run;
