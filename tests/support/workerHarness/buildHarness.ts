/**
 * Builds the poller harness (index.html + harness.ts + the real worker) with Vite into .tmp/, and
 * serves it with a stand-in backend whose /functions/v1/space-weather/{resource} answers with the
 * constructed SWPC bodies (tests/fixtures/swpc) — the agencies being the third party we replace.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../buildTestPage.ts';
import type { Resource } from '../../../core/model.ts';
import { constructed } from '../constructedSwpc.ts';
import { QUIET_WEEK, magBody, plasmaBody } from '../../fixtures/swpc/solarWind.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const ROOT = join(HERE, '../../../');
export const HARNESS_OUT = join(ROOT, '.tmp/poller-harness');

/** The body each resource is served (sdo-images needs NASA's server: left out). */
export const HARNESS_FILES: Partial<Record<Resource, { text: boolean; body: () => string }>> = {
  'kp-index': { text: false, body: () => constructed('noaa-planetary-k-index.json') },
  'aurora-oval': { text: false, body: () => constructed('ovation_aurora_latest.json') },
  'aurora-nowcast-hemi-power': {
    text: true,
    body: () => constructed('aurora-nowcast-hemi-power.txt'),
  },
  'solar-wind': { text: false, body: () => plasmaBody(QUIET_WEEK) },
  'magnetic-field': { text: false, body: () => magBody(QUIET_WEEK) },
  'three-day-forecast': { text: true, body: () => constructed('3-day-forecast.txt') },
  'three-day-geomag-forecast': { text: true, body: () => constructed('3-day-geomag-forecast.txt') },
  'observed-solar-cycle': {
    text: false,
    body: () => constructed('observed-solar-cycle-indices.json'),
  },
  'predicted-solar-cycle': { text: false, body: () => constructed('predicted-solar-cycle.json') },
  'kp-1m': { text: false, body: () => constructed('planetary_k_index_1m.json') },
  'kp-forecast': { text: false, body: () => constructed('noaa-planetary-k-index-forecast.json') },
  'twenty-seven-day-outlook': { text: true, body: () => constructed('27-day-outlook.txt') },
  alerts: {
    text: false,
    body: () => readFileSync(join(ROOT, 'tests/fixtures/handwritten/alerts.json'), 'utf8'),
  },
};
export const HARNESS_RESOURCES = Object.keys(HARNESS_FILES) as Resource[];

function newestMtime(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    t = Math.max(t, name.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Vite build of the harness; skipped when the output is newer than its sources and build setup. */
export async function buildHarness(): Promise<string> {
  const stamp = join(HARNESS_OUT, 'index.html');
  const inputs = Math.max(
    ...['workers', 'sync', 'scripts/vite', 'tests/support'].map((d) => newestMtime(join(ROOT, d))),
    newestMtime(HERE),
  );
  if (existsSync(stamp) && statSync(stamp).mtimeMs > inputs) return HARNESS_OUT;
  await buildTestPage(HERE, HARNESS_OUT, {
    define: { __APP_VERSION__: JSON.stringify('harness') },
  });
  return HARNESS_OUT;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.css': 'text/css',
};

/** Serves the built harness and the stand-in backend on a free port. */
export function serveHarness(
  dir: string,
): Promise<{ url: string; requests: string[]; stop(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const m = /^\/functions\/v1\/space-weather\/([a-z0-9-]+)$/.exec(path);
    if (m) {
      const file = HARNESS_FILES[m[1] as Resource];
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      const body = file.body();
      res
        .writeHead(200, {
          'content-type': file.text ? 'text/plain' : 'application/json',
          etag: `"${m[1]}"`,
          'x-aurora-source': 'replay',
        })
        .end(body);
      return;
    }
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        stop: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
