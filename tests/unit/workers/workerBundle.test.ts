/**
 * What the production build of the poller worker carries. Its script loads with `/`, so it must
 * hold only what the worker runs: no RxDB dev-mode (it injects an iframe to the internet), no ajv
 * (needs unsafe-eval), no memory storage (tests only), and none of the page's React, supabase-js
 * or map code. And it must not ship RxDB a second time: the worker is built in the page's own
 * chunk graph (scripts/vite/sharedChunkWorkers.ts), so the chunks holding RxDB and Dexie are the
 * same files the page loads. Built like the app (Vite, production mode) with sourcemaps to read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../../support/buildTestPage.ts';
import { staticImportClosure } from '../../support/staticImportClosure.ts';

const HERE = fileURLToPath(new URL('../../support/workerHarness/', import.meta.url));
const ROOT = join(HERE, '../../../');
const OUT = join(ROOT, `.tmp/poller-bundle-${process.pid}`);
/** Chunk path → the sources its sourcemap lists. */
const sourcesOf = new Map<string, string[]>();
let workerChunks: string[] = [];
/** What the worker imports once the first grid is handed over: its RxDB and writers. */
let laterChunks: string[] = [];
let pageChunks: string[] = [];

beforeAll(async () => {
  await buildTestPage(HERE, OUT, {
    define: { __APP_VERSION__: JSON.stringify('bundle-check') },
    sourcemap: true,
  });
  const assets = readdirSync(join(OUT, 'assets'));
  const worker = assets.find((f) => /^poller\.worker-.*\.js$/.test(f));
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const pageEntry = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!worker || !pageEntry) throw new Error('no poller.worker-*.js or page entry in the build');
  const later = assets.find((f) => /^pollerParts-.*\.js$/.test(f));
  if (!later) throw new Error('no pollerParts-*.js in the build');
  workerChunks = [...staticImportClosure(OUT, [`/assets/${worker}`])];
  laterChunks = [...staticImportClosure(OUT, [`/assets/${later}`])];
  pageChunks = [...staticImportClosure(OUT, [`/${pageEntry}`])];
  for (const chunk of new Set([...workerChunks, ...laterChunks, ...pageChunks])) {
    const map = JSON.parse(readFileSync(join(OUT, `${chunk}.map`), 'utf8')) as {
      sources: string[];
    };
    sourcesOf.set(chunk, map.sources);
  }
}, 180_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

const sourcesIn = (chunks: string[]) => chunks.flatMap((c) => sourcesOf.get(c) ?? []);

describe('the poller worker’s production bundle', () => {
  it('starts without RxDB: the first grid is fetched and handed over before the worker loads it', () => {
    const sources = sourcesIn(workerChunks);
    for (const part of [
      'workers/poller.worker.ts',
      'workers/poller/firstGrid.ts',
      'core/compact/compactForm.ts',
    ])
      expect(
        sources.some((s) => s.includes(part)),
        part,
      ).toBe(true);
    for (const part of ['sync/write.ts', 'sync/database.ts', '/rxdb/', '/dexie/'])
      expect(
        sources.some((s) => s.includes(part)),
        part,
      ).toBe(false);
  });

  it('carries its RxDB on Dexie and the writers in what it imports after the first grid', () => {
    const sources = sourcesIn(laterChunks);
    for (const part of [
      'workers/poller/createPoller.ts',
      'sync/write.ts',
      'rxdb/dist/esm/plugins/storage-dexie/',
      'dexie/',
    ]) {
      expect(
        sources.some((s) => s.includes(part)),
        part,
      ).toBe(true);
    }
  });

  it('loads the normalisers, the SDO list and the backfill only when needed, not at start', () => {
    const sources = sourcesIn(workerChunks);
    // The first screen's products come compact from our backend: no normaliser is needed to draw it.
    for (const normaliser of [
      'core/normalise/index.ts',
      'core/normalise/auroraOval.ts',
      'core/normalise/alerts.ts',
    ])
      expect(
        sources.some((s) => s.includes(normaliser)),
        normaliser,
      ).toBe(false);
    expect(sources.some((s) => s.includes('workers/sdo.ts'))).toBe(false);
    // The backfill after a gap and the scoring of kept nights run after the first screen's products.
    for (const late of [
      'workers/poller/backfill.ts',
      'workers/poller/scoreNights.ts',
      'sync/nights/nights.ts',
    ])
      expect(
        sources.some((s) => s.includes(late)),
        late,
      ).toBe(false);
    const assets = readdirSync(join(OUT, 'assets'));
    expect(assets.some((f) => /^normalise-.*\.js$/.test(f))).toBe(true);
  });

  it('loads the regional cloud loop at the map’s first cloud view and retention at its first run, not with the poller', () => {
    const sources = sourcesIn([...workerChunks, ...laterChunks]);
    // The cloud layer is off by default; retention first runs 30 s after the poller starts.
    for (const late of [
      'workers/clouds/cloudLoop.ts',
      'workers/clouds/pollClouds.ts',
      'sync/retention.ts',
    ])
      expect(
        sources.some((s) => s.includes(late)),
        late,
      ).toBe(false);
    const assets = readdirSync(join(OUT, 'assets'));
    for (const chunk of [/^cloudLoop-.*\.js$/, /^retention-.*\.js$/])
      expect(assets.some((f) => chunk.test(f))).toBe(true);
  });

  it('leaves out dev-mode, ajv, the memory storage and the page’s libraries', () => {
    const unwanted = [
      'plugins/dev-mode',
      'plugins/validate-ajv',
      '/ajv/',
      'plugins/storage-memory',
      '/react/',
      '/react-dom/',
      '@supabase',
      '/ol/',
      'uplot',
      'sync/react/',
      'sync/queue/',
    ];
    expect(
      sourcesIn([...workerChunks, ...laterChunks]).filter((s) =>
        unwanted.some((u) => s.includes(u)),
      ),
    ).toEqual([]);
  });

  it('takes rxjs from its ES2015 build, not the ES5 one with tslib’s helpers', () => {
    const rxjs = sourcesIn([...workerChunks, ...laterChunks, ...pageChunks]).filter((s) =>
      s.includes('/rxjs/'),
    );
    expect(rxjs.length).toBeGreaterThan(0);
    expect(rxjs.filter((s) => !s.includes('/rxjs/dist/esm/'))).toEqual([]);
  });

  it('shares the page’s RxDB and Dexie chunks instead of a second copy', () => {
    const stack = (chunk: string) =>
      (sourcesOf.get(chunk) ?? []).some((s) => /node_modules\/(rxdb|dexie)\//.test(s));
    const workerStack = laterChunks.filter(stack);
    expect(workerStack.length).toBeGreaterThan(0);
    // Every worker chunk with RxDB or Dexie in it is one the page loads too…
    expect(workerStack.filter((c) => !pageChunks.includes(c))).toEqual([]);
    // …and the worker's own entry holds none of it.
    const entry = workerChunks[0]!;
    expect(stack(entry)).toBe(false);
  });
});
