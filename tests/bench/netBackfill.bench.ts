/**
 * `net.backfill7dKB` (budget in docs/architecture.md): every byte on the wire, both ways, for a
 * device that was offline for seven days to backfill every series from our backend's archive —
 * solar wind plasma and magnetic field, the 1-minute Kp, hemispheric power and the 3-hourly Kp
 * (poller/backfill.ts: newest first, page by page), plus the forecast issues kept meanwhile.
 *
 * Real parts: the local stack (`startStack` on embedded PGlite, PostgREST, the gateway and its
 * compression, the space-weather function's history route), the worker's own `backfill()` writing
 * to a real (memory) RxDB database. The archive is filled the way the archive job fills it
 * (`archiveRows` + `writeArchive` through PostgREST) with real recorded SWPC data moved to the
 * week just past: the 7-day plasma and magnetic-field files, the 6-hour 1-minute Kp file and the
 * hemispheric-power day repeated to cover the week, the 7-day Kp file. All on loopback.
 * Counted as net.bench.ts counts (tests/bench/net/meteredFetch.ts): request line and headers as
 * Chromium sends them for a worker's fetch, status line, headers and the compressed body.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeriesBatch, SeriesProduct } from '../../core/model.ts';
import { openDatabase, removeDatabase } from '../../sync/database.ts';
import { startStack } from '../../server/stack.ts';
import { createRestClient } from '../../supabase/functions/_shared/rest.ts';
import { archiveRows, writeArchive } from '../../supabase/functions/space-weather/archive.ts';
import { validateWithNormalise } from '../../supabase/functions/space-weather/validate.ts';
import type { SpaceWeatherResource } from '../../supabase/functions/space-weather/resources.ts';
import { backfill } from '../../workers/poller/backfill.ts';
import { databaseStore } from '../../workers/poller/store.ts';
import { meteredFetch, type Exchange } from './net/meteredFetch.ts';
import { chromiumFetchHeaders } from './net.bench.ts';
import { round, type Bench } from './context.ts';
import { benchSwpc } from './swpcBodies.ts';

const MIN = 60_000;
const DAY = 86_400_000;

/** A recorded file, normalised, its samples moved (whole minutes) so the newest lands at `end`, repeated back to cover `days`. */
function weekOf(
  root: string,
  resource: SpaceWeatherResource,
  file: string,
  end: number,
  days: number,
): SeriesBatch[] {
  const body = benchSwpc(file);
  const r = validateWithNormalise(resource, body, { now: Date.parse('2026-11-22T00:00:00Z') });
  if (!r.ok) throw new Error(r.error);
  const out: SeriesBatch[] = [];
  for (const batch of r.series) {
    const first = batch.t[0]!;
    const last = batch.t.at(-1)!;
    const span = Math.ceil((last - first + MIN) / MIN) * MIN;
    for (let copy = 0; end - copy * span - (last - first) > end - days * DAY - span; copy++) {
      const shift = Math.floor((end - copy * span - last) / MIN) * MIN;
      const keep = batch.t.map((t) => t + shift).map((t) => t > end - days * DAY && t <= end);
      const pick = <T>(xs: readonly T[]) => xs.filter((_, i) => keep[i]);
      out.push({
        product: batch.product,
        source: batch.source,
        t: pick(batch.t.map((t) => t + shift)),
        fields: Object.fromEntries(Object.entries(batch.fields).map(([k, v]) => [k, pick(v)])),
      });
    }
  }
  return out.filter((b) => b.t.length > 0);
}

const bench: Bench = async (ctx) => {
  const now = Math.floor(Date.now() / MIN) * MIN;
  const lastSeen = now - 7 * DAY;
  const dataDir = mkdtempSync(join(tmpdir(), 'aurora-backfill-bench-'));
  const stack = await startStack({
    pgliteDir: join(dataDir, 'pglite'),
    distDir: null,
    log: () => {},
    // Nothing here asks an agency; pinned to hosts that never resolve all the same.
    functionEnv: { SWPC_BASE_URL: 'https://swpc.invalid', GFZ_BASE_URL: 'https://gfz.invalid' },
  });
  const db = await openDatabase({ storage: 'memory', name: `backfill-bench-${process.pid}` });
  const metered = meteredFetch(await chromiumFetchHeaders(ctx.chromiumPath), (e) =>
    exchanges.push(e),
  );
  const exchanges: Exchange[] = [];
  try {
    const rest = createRestClient({ url: stack.url, serviceRoleKey: stack.serviceRoleKey });
    const files: [SpaceWeatherResource, string][] = [
      ['solar-wind', 'plasma-7-day.json'],
      ['magnetic-field', 'mag-7-day.json'],
      ['kp-1m', 'planetary_k_index_1m.json'],
      ['aurora-nowcast-hemi-power', 'aurora-nowcast-hemi-power.txt'],
      ['kp-index', 'noaa-planetary-k-index.json'],
    ];
    const store = databaseStore(db);
    for (const [resource, file] of files) {
      const batches = weekOf(ctx.root, resource, file, now - 2 * MIN, 8);
      await writeArchive(
        rest,
        archiveRows(resource, { series: batches, grids: [], products: [] }, now),
      );
      // The device's newest sample of each series: its last poll, a week ago.
      const product = batches[0]!.product as SeriesProduct;
      const fields = Object.fromEntries(Object.keys(batches[0]!.fields).map((k) => [k, [1]]));
      await store.writeSeries(
        { product, t: [lastSeen], fields, source: null },
        { fetchedAt: lastSeen },
      );
    }
    const report = await backfill({
      fetch: metered.fetch,
      backendBase: stack.url,
      store,
      now: () => now,
      mayContinue: () => true,
    });
    if (report.errors.length > 0 || report.stopped !== null)
      throw new Error(`backfill stopped (${report.stopped}): ${report.errors.join('; ')}`);
    const total = exchanges.reduce((n, e) => n + e.sent + e.received, 0);
    const bySeries = new Map<string, { requests: number; bytes: number; rows: number }>();
    for (const e of exchanges) {
      const name = new URL(e.url).pathname.split('/').pop()!;
      const s = bySeries.get(name) ?? { requests: 0, bytes: 0, rows: 0 };
      s.requests++;
      s.bytes += e.sent + e.received;
      bySeries.set(name, s);
    }
    for (const [name, r] of Object.entries(report.series)) {
      const s = bySeries.get(name);
      if (s) s.rows = r.rows;
    }
    for (const [name, s] of bySeries)
      console.error(
        `[bench] backfill ${name}: ${s.requests} requests, ${round(s.bytes / 1024)} KB, ${s.rows} rows`,
      );
    return {
      'net.backfill7dKB': round(total / 1024),
      'net.backfill7dRequests': exchanges.length,
    };
  } finally {
    metered.close();
    await removeDatabase(db);
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export default bench;
