/**
 * Vite plugin: in production builds, a module worker imported as `./x.worker.ts?worker&url` is
 * built INSIDE the app's own module graph (an emitted chunk) instead of as a separate bundle.
 *
 * Why: the poller worker and the page both run RxDB on Dexie (docs/architecture.md: the worker writes into
 * its own RxDB instance). Vite's worker build would ship that stack twice — about 87 KB gzip that
 * every first visit downloaded again. Built in one graph, the worker's entry chunk imports the
 * same `assets/*.js` chunks the page already loaded, so the browser fetches them once (HTTP cache,
 * and the service worker's precache when installed). Each realm still evaluates its own copy.
 *
 * The import keeps Vite's meaning (`?worker&url` = the URL of the worker's script, typed by
 * vite/client), so dev mode and vitest use Vite's own handling; only `vite build` changes.
 * Constraints:
 * - the worker must be created with `{ type: 'module' }`, since its chunk has imports;
 * - Vite's dynamic-import preloading adds `<link rel=modulepreload>` tags through `document`,
 *   which a worker has not: for every chunk a worker runs (statically or by a dynamic import),
 *   dynamic imports get no preload list (the browser still fetches their static imports itself).
 */
import type { Plugin } from 'vite';
import { basename } from 'node:path';

const WORKER_URL = /\?worker&url$/;

export function sharedChunkWorkers(): Plugin {
  const workerRefs: string[] = [];
  /** Chunk file names some worker runs, filled in generateBundle (before Vite rewrites preloads). */
  const workerChunks = new Set<string>();
  return {
    name: 'aurora:shared-chunk-workers',
    apply: 'build',
    enforce: 'pre',
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
              workerChunks.has(hostId) ? [] : deps,
          },
        },
      };
    },
    buildStart() {
      workerRefs.length = 0;
      workerChunks.clear();
    },
    load(id) {
      if (!WORKER_URL.test(id)) return null;
      const file = id.replace(WORKER_URL, '');
      const ref = this.emitFile({
        type: 'chunk',
        id: file,
        name: basename(file).replace(/\.[cm]?[jt]s$/, ''),
      });
      workerRefs.push(ref);
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    generateBundle(_options, bundle) {
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (workerChunks.has(fileName) || chunk?.type !== 'chunk') return;
        workerChunks.add(fileName);
        chunk.imports.forEach(visit);
        // What the worker imports later runs in the worker too (its RxDB loads after the first
        // grid, workers/pollerParts.ts): those chunks' own dynamic imports must not use `document`.
        chunk.dynamicImports.forEach(visit);
      };
      for (const ref of workerRefs) visit(this.getFileName(ref));
    },
  };
}
