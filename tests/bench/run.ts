/**
 * `npm run bench`: runs every tests/bench/*.bench.ts one after the other against the production
 * build in headless Chromium and prints ONE JSON object with all their figures (dot keys).
 * Progress goes to stderr, so stdout is exactly the JSON. `npm run bench -- shell map` runs only
 * the benches whose file name contains one of the words.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchContext } from './context.ts';
import { ensureBuild } from '../support/e2e/builds.ts';
import { ROOT, startServer } from '../support/e2e/server.ts';
import { requireChromium } from '../../scripts/requireChromium.ts';

const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();

// Benches measure the production build: make sure it is current (progress on stderr).
ensureBuild('dist', undefined, { logToStderr: true });

const ctx: BenchContext = {
  root: ROOT,
  chromiumPath: requireChromium(),
  distDir: join(ROOT, 'dist'),
  startServer: (distDir?: string) => startServer({ distDir: distDir ?? 'dist' }),
};

const figures: Record<string, number> = {};
let failed = 0;
for (const file of files) {
  const started = Date.now();
  console.error(`[bench] ${file}…`);
  try {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: Bench };
    const result = await mod.default(ctx);
    for (const [k, v] of Object.entries(result)) figures[k] = v;
    console.error(`[bench] ${file} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (e) {
    failed += 1;
    console.error(`[bench] ${file} FAILED:`, e);
  }
}
console.log(JSON.stringify(figures, null, 2));
process.exit(failed ? 1 : 0);
