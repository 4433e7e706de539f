/**
 * Vite plugin: Vite's dynamic-import preloading, with `import()` instead of link elements.
 *
 * For every `import('./Page.tsx')` Vite's build calls a helper with the chunk's static imports, so
 * they download in parallel instead of one level at a time. Vite's own helper inserts a
 * `<link rel="modulepreload">` element per chunk; on a phone each insertion costs a few ms of main
 * thread, and the map route's twenty chunks made one long task. This helper starts the same
 * downloads with `import()`, cheaper, and a few per task; each chunk then runs as soon as it and
 * its own imports have arrived, which is when the page's import would have run it anyway.
 * Stylesheets still go in as `<link rel="stylesheet">`, and the import waits for them, as with
 * Vite's helper, so a screen never shows unstyled.
 *
 * Same contract as Vite's helper (`__vitePreload(load, deps)`); the worker's chunks get no deps
 * (scripts/vite/sharedChunkWorkers.ts), so the helper never touches `document` there.
 */
import type { Plugin } from 'vite';

/** The id under which Vite's build provides its preload helper. */
const HELPER_ID = '\0vite/preload-helper.js';

/** The helper's module source; `base` is the build's public base path ("/"). */
export function preloadHelperSource(base: string): string {
  return `const base = ${JSON.stringify(base)};
const started = new Map();
function stylesheet(href) {
  // A link already there is loaded, or inlined (the entry's: its link is kept, disabled).
  const url = new URL(href, document.baseURI).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.href === url) return undefined;
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve, reject) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', () => reject(new Error('Unable to preload CSS for ' + href)), { once: true });
  });
  document.head.appendChild(link);
  return loaded;
}
const BATCH = 4;
/** Starts the downloads a few per task: each import() costs main-thread time on a phone too. */
function startImports(hrefs) {
  for (const href of hrefs.slice(0, BATCH)) {
    // A chunk that fails here fails again in load(), which reports it.
    void import(/* @vite-ignore */ href).catch(() => undefined);
  }
  if (hrefs.length > BATCH) setTimeout(() => startImports(hrefs.slice(BATCH)), 0);
}
export function __vitePreload(load, deps) {
  const waits = [];
  const scripts = [];
  for (const dep of deps || []) {
    const href = base + dep;
    if (started.has(href)) {
      waits.push(started.get(href));
      continue;
    }
    let wait;
    if (href.endsWith('.css')) {
      wait = stylesheet(href);
      // Tried again by the next import that needs it.
      wait?.catch(() => started.delete(href));
    } else scripts.push(href);
    started.set(href, wait);
    waits.push(wait);
  }
  startImports(scripts);
  return Promise.all(waits).then(() => load());
}
`;
}

export function preloadByImport(): Plugin {
  let base = '/';
  return {
    name: 'aurora:preload-by-import',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === HELPER_ID ? id : null;
    },
    load(id) {
      return id === HELPER_ID ? preloadHelperSource(base) : null;
    },
  };
}
