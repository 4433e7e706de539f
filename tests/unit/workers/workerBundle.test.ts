/**
 * What the production build of the poller worker carries. Its script loads with `/`, so it must
 * hold only what the worker runs: no RxDB dev-mode (it injects an iframe to the internet), no ajv
 * (needs unsafe-eval), no memory storage (tests only), and none of the page's React, supabase-js
 * or map code. Built like the app (Vite, production mode, ES worker) with a sourcemap to read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../support/buildTestPage.ts';

const HERE = fileURLToPath(new URL('./browser/', import.meta.url));
const ROOT = join(HERE, '../../../../');
const OUT = join(ROOT, `.tmp/poller-bundle-${process.pid}`);
let sources: string[] = [];
let gzipBytes = 0;

beforeAll(async () => {
  await buildTestPage(HERE, OUT, { define: { __APP_VERSION__: JSON.stringify('bundle-check') }, sourcemap: true });
  const assets = join(OUT, 'assets');
  const worker = readdirSync(assets).find((f) => /^poller\.worker-.*\.js$/.test(f));
  if (!worker) throw new Error('no poller.worker-*.js in the build');
  sources = (JSON.parse(readFileSync(join(assets, `${worker}.map`), 'utf8')) as { sources: string[] }).sources;
  gzipBytes = gzipSync(readFileSync(join(assets, worker))).length;
}, 180_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the poller worker’s production bundle', () => {
  it('carries the worker’s own code and its RxDB on Dexie', () => {
    for (const part of ['workers/poller.worker.ts', 'workers/normalise/index.ts', 'sync/write.ts', 'sync/retention.ts', 'rxdb/dist/esm/plugins/storage-dexie/', 'dexie/']) {
      expect(sources.some((s) => s.includes(part)), part).toBe(true);
    }
    expect(gzipBytes).toBeGreaterThan(0);
  });

  it('leaves out dev-mode, ajv, the memory storage and the page’s libraries', () => {
    const unwanted = ['plugins/dev-mode', 'plugins/validate-ajv', '/ajv/', 'plugins/storage-memory', '/react/', '/react-dom/', '@supabase', '/ol/', 'uplot', 'sync/react/', 'sync/queue/'];
    expect(sources.filter((s) => unwanted.some((u) => s.includes(u)))).toEqual([]);
  });
});
