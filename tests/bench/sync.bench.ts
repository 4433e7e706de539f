/**
 * Local-database and preference-sync figures (budgets in docs/architecture.md):
 * - `db.solarWind7dReadMs`: 7 days of 1-minute plasma + magnetic field (≈ 20,000 samples, 9
 *   fields) read from IndexedDB through RxDB into uPlot-ready columns, in headless Chromium;
 *   median of 32 reads, each of a different stored week (no cache can answer). The page is built
 *   like the app (Vite, production: no dev-mode, no ajv). See sync/dbBenchPage.ts for the method.
 * - `db.solarWind7dCachedReadMs`: the same read again through RxDB (its document cache answers).
 * - `sync.prefsLatencyP50Ms` / `P95Ms`: device A writes a preference until device B's local
 *   database has it, over realtime, 20 trials. Two RxDB clients (memory storage) in this Node
 *   process against the local stack on embedded PGlite (gateway + PostgREST + realtime).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { median, round, type Bench } from './context.ts';
import { buildTestPage } from '../support/buildTestPage.ts';
import { ROOT } from '../support/e2e/server.ts';

async function dbFigures(chromiumPath: string): Promise<Record<string, number>> {
  // Built like the app (Vite, production mode), so RxDB runs as users get it.
  const out = join(ROOT, `.tmp/db-bench-${process.pid}`);
  await buildTestPage(join(import.meta.dirname, 'sync'), out, {
    define: { __APP_VERSION__: JSON.stringify('bench') },
  });
  const server = createServer((req, res) => {
    const path = normalize(join(out, new URL(req.url ?? '/', 'http://x').pathname));
    const file =
      path.startsWith(out) && existsSync(path) && statSync(path).isFile()
        ? path
        : join(out, 'index.html');
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage();
    if (process.env.BENCH_DEBUG) page.on('console', (m) => console.error('[page]', m.text()));
    await page.goto(url);
    await page.waitForFunction(() => 'runDbBench' in globalThis);
    const r = await page.evaluate(() =>
      (globalThis as unknown as { runDbBench: () => Promise<Record<string, number>> })
        .runDbBench()
        .catch((e: Error) => Promise.reject(new Error(`${String(e)} ${e.stack}`))),
    );
    return {
      'db.solarWind7dReadMs': round(r.solarWind7dReadMs!, 2),
      'db.solarWind7dCachedReadMs': round(r.cachedReadMs!, 2),
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

async function prefsFigures(): Promise<Record<string, number>> {
  const [
    { startStack },
    { testClient, uniqueEmail, STRONG_PASSWORD },
    { openDatabase },
    { startAccountSync },
    { updatePreferences, readPreferences },
  ] = await Promise.all([
    import('../../server/stack.ts'),
    import('../support/clients.ts'),
    import('../../sync/database.ts'),
    import('../../sync/replication/index.ts'),
    import('../../sync/preferences/updatePreferences.ts'),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'aurora-bench-pglite-'));
  const stack = await startStack({ pgliteDir: dir, distDir: null, log: () => undefined });
  const dbs: Awaited<ReturnType<typeof openDatabase>>[] = [];
  const syncs: { stop(): Promise<void> }[] = [];
  try {
    const email = uniqueEmail('bench');
    const signUp = await testClient(stack.url, stack.anonKey).auth.signUp({
      email,
      password: STRONG_PASSWORD,
    });
    const userId = signUp.data.user!.id;
    const device = async () => {
      const db = await openDatabase({
        name: `bench-prefs-${Date.now()}-${dbs.length}`,
        storage: 'memory',
      });
      dbs.push(db);
      const client = testClient(stack.url, stack.anonKey);
      await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
      const sync = startAccountSync({ db, client, userId, retryTime: 200 });
      syncs.push(sync);
      await sync.merged;
      return db;
    };
    const a = await device();
    const b = await device();
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const style = `bench-${i}`;
      const started = performance.now();
      await updatePreferences(a, userId, { defaultMapStyle: style }, Date.now());
      for (;;) {
        if ((await readPreferences(b, userId)).defaultMapStyle === style) break;
        if (performance.now() - started > 10_000)
          throw new Error(`trial ${i}: B never saw the change`);
        await new Promise((r) => setTimeout(r, 2));
      }
      latencies.push(performance.now() - started);
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    return {
      'sync.prefsLatencyP50Ms': round(median(latencies), 1),
      'sync.prefsLatencyP95Ms': round(sorted[Math.ceil(0.95 * sorted.length) - 1]!, 1),
    };
  } finally {
    for (const s of syncs) await s.stop().catch(() => undefined);
    for (const db of dbs) await db.remove().catch(() => undefined);
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async (ctx) => ({
  ...(await dbFigures(ctx.chromiumPath)),
  ...(await prefsFigures()),
});
export default bench;
