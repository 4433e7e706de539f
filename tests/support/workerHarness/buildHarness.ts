/**
 * Builds the poller harness (index.html + harness.ts + the real worker) with Vite into .tmp/, and
 * serves it with a stand-in backend whose /functions/v1/space-weather/{resource} answers from the
 * real NOAA fixtures — the agencies being the third party we replace.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../buildTestPage.ts';
import type { Resource } from '../../../core/model.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const ROOT = join(HERE, '../../../');
export const HARNESS_OUT = join(ROOT, '.tmp/poller-harness');
const NOAA = join(ROOT, 'tests/fixtures/noaa');

/** The fixture each resource is served from (sdo-images needs NASA's server: left out). */
export const HARNESS_FILES: Partial<Record<Resource, string>> = {
  'kp-index': 'noaa-planetary-k-index.json',
  'aurora-oval': 'ovation_aurora_latest.json',
  'aurora-nowcast-hemi-power': 'aurora-nowcast-hemi-power.txt',
  'solar-wind': 'more/2026-04-18/plasma-7-day.json',
  'magnetic-field': 'more/2026-04-18/mag-7-day.json',
  'three-day-forecast': '3-day-forecast.txt',
  'three-day-geomag-forecast': '3-day-geomag-forecast.txt',
  'observed-solar-cycle': 'observed-solar-cycle-indices.json',
  'predicted-solar-cycle': 'predicted-solar-cycle.json',
  'kp-1m': 'planetary_k_index_1m.json',
  'kp-forecast': 'noaa-planetary-k-index-forecast.json',
  'twenty-seven-day-outlook': '27-day-outlook.txt',
  alerts: '../handwritten/alerts.json',
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
      const body = readFileSync(join(NOAA, file));
      res
        .writeHead(200, {
          'content-type': file.endsWith('.txt') ? 'text/plain' : 'application/json',
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
