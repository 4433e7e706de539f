/**
 * Runs in Chromium (bundled by tests/bench/sync.bench.ts): writes 7 days of 1-minute plasma and
 * magnetic-field data through the real writers, then times the read into uPlot-ready columns
 * through RxDB (`readSeriesColumns`) and the same read straight from the Dexie tables RxDB's
 * storage keeps, with the same column concatenation.
 */
import { Dexie } from 'dexie';
import { openDatabase } from '../../../sync/database.ts';
import { readSeriesColumns } from '../../../sync/read/readSeriesColumns.ts';
import { concatChunks } from '../../../sync/read/seriesColumns.ts';
import type { SeriesChunkDoc } from '../../../sync/schemas/series.ts';
import { decodeValues } from '../../../sync/series/chunkCodec.ts';
import { utcDayStart } from '../../../sync/series/dayKey.ts';
import { writeSeries } from '../../../sync/write.ts';

const DAY = 86_400_000;
const TRIALS = 15;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function run(): Promise<Record<string, number>> {
  const name = `bench-${Date.now()}`;
  const db = await openDatabase({ name, storage: 'dexie', multiInstance: false });
  const end = utcDayStart(Date.now()) + DAY;
  const t = Array.from({ length: 8 * 1440 }, (_, i) => end - 8 * DAY + i * 60_000);
  const col = (f: (i: number) => number) => t.map((_, i) => f(i));
  await writeSeries(db, { product: 'solar-wind-plasma', t, fields: { speed: col((i) => 400 + (i % 90)), density: col((i) => 3 + (i % 7)), temperature: col((i) => 1e5 + i) }, source: 'DSCOVR' }, { fetchedAt: end });
  await writeSeries(db, { product: 'solar-wind-mag', t, fields: { bx: col((i) => i % 5), by: col((i) => -(i % 4)), bz: col((i) => (i % 11) - 5), bt: col((i) => i % 9), lon: col((i) => i % 360), lat: col((i) => (i % 90) - 45) }, source: 'DSCOVR' }, { fetchedAt: end });

  // RxDB's Dexie storage: one Dexie database per collection, documents in table `docs`.
  const dexieName = (await Dexie.getDatabaseNames()).find((n) => n.includes(name) && n.endsWith('--series'))!;

  const rxdbMs: number[] = [];
  const dexieMs: number[] = [];
  const cachedMs: number[] = [];
  let samples = 0;
  let current = db;
  for (let k = 0; k < TRIALS; k++) {
    const range = { from: end - 7 * DAY - k * 60_000, to: end - k * 60_000 };
    // Cold: a database instance opened for this trial (opening is not timed), so neither RxDB's
    // query cache nor its document cache can answer — every byte comes from IndexedDB.
    await current.close();
    current = await openDatabase({ name, storage: 'dexie', multiInstance: false });
    let start = performance.now();
    const plasma = await readSeriesColumns(current, 'solar-wind-plasma', range);
    const mag = await readSeriesColumns(current, 'solar-wind-mag', range);
    rxdbMs.push(performance.now() - start);
    samples = plasma.t.length + mag.t.length;
    // Warm: the same read again (a chart re-rendering).
    start = performance.now();
    await readSeriesColumns(current, 'solar-wind-plasma', range);
    await readSeriesColumns(current, 'solar-wind-mag', range);
    cachedMs.push(performance.now() - start);

    const raw = new Dexie(dexieName);
    await raw.open();
    start = performance.now();
    const lo = utcDayStart(range.from);
    const hi = utcDayStart(range.to);
    for (const product of ['solar-wind-plasma', 'solar-wind-mag']) {
      const ids: string[] = [];
      for (let d = lo; d <= hi; d += DAY) ids.push(`${product}/${new Date(d).toISOString().slice(0, 10)}`);
      const rows = (await raw.table('docs').bulkGet(ids)).filter((r): r is SeriesChunkDoc => !!r && !(r as { _deleted?: boolean })._deleted);
      concatChunks(rows.map(decodeValues), range);
    }
    dexieMs.push(performance.now() - start);
    raw.close();
  }
  await current.remove();
  const rx = median(rxdbMs);
  const dx = median(dexieMs);
  return { solarWind7dReadMs: rx, rawDexieReadMs: dx, rawDexieRatio: rx / dx, cachedReadMs: median(cachedMs), samples };
}

(globalThis as { runDbBench?: () => Promise<Record<string, number>> }).runDbBench = run;
