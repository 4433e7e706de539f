/**
 * Runs in Chromium (built with Vite like the app by tests/bench/sync.bench.ts): writes weeks of
 * 1-minute plasma and magnetic-field data through the real writers, then times the read of 7 days
 * into uPlot-ready columns through RxDB (`readSeriesColumns`).
 *
 * How it keeps the figure honest:
 * - one open database for all trials, as in the app (which opens its database once); opening is
 *   never timed;
 * - every trial reads a different week, so neither RxDB's document cache nor its query cache can
 *   answer: every byte comes from IndexedDB;
 * - a full garbage collection before each timed read (Chromium runs with --expose-gc), so no read
 *   pays for an earlier one's garbage.
 */
import { openDatabase } from '../../../sync/database.ts';
import { readSeriesColumns } from '../../../sync/read/readSeriesColumns.ts';
import { utcDayStart } from '../../../core/time/dayKey.ts';
import { writeSeries } from '../../../sync/write.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** One trial per stored week. */
const TRIALS = 32;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function timed(read: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const start = performance.now();
  await read();
  return performance.now() - start;
}

async function run(): Promise<Record<string, number>> {
  const name = `bench-${Date.now()}`;
  const db = await openDatabase({ name, storage: 'dexie', multiInstance: false });
  const end = utcDayStart(Date.now()) + DAY;
  const start = end - TRIALS * WEEK - DAY;
  // Written a week at a time, as the poller's merges would leave them: one chunk per UTC day.
  for (let w = start; w < end; w += WEEK) {
    const t = Array.from({ length: Math.min(WEEK, end - w) / 60_000 }, (_, i) => w + i * 60_000);
    const col = (f: (i: number) => number) => t.map((_, i) => f(i));
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t,
        fields: {
          speed: col((i) => 400 + (i % 90)),
          density: col((i) => 3 + (i % 7)),
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
          bz: col((i) => (i % 11) - 5),
          bt: col((i) => i % 9),
          lon: col((i) => i % 360),
          lat: col((i) => (i % 90) - 45),
        },
        source: 'DSCOVR',
      },
      { fetchedAt: end },
    );
  }

  const rxdbMs: number[] = [];
  const cachedMs: number[] = [];
  let samples = 0;
  for (let k = 0; k < TRIALS; k++) {
    const range = { from: end - (k + 1) * WEEK, to: end - k * WEEK };
    const viaRxdb = async () => {
      // Both at once, as the solar-wind charts read them (two live reads started in one commit).
      const [plasma, mag] = await Promise.all([
        readSeriesColumns(db, 'solar-wind-plasma', range),
        readSeriesColumns(db, 'solar-wind-mag', range),
      ]);
      samples = plasma.t.length + mag.t.length;
    };
    rxdbMs.push(await timed(viaRxdb));
    // Warm: the same read again through RxDB (a chart re-rendering).
    cachedMs.push(await timed(viaRxdb));
  }
  await db.remove();
  return {
    solarWind7dReadMs: median(rxdbMs),
    cachedReadMs: median(cachedMs),
    samples,
  };
}

(globalThis as { runDbBench?: () => Promise<Record<string, number>> }).runDbBench = run;
