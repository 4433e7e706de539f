/**
 * The chunks a set of loaded scripts needs, following the static `import … from "./x.js"` and
 * `import "./x.js"` of the built files. A module worker's imports are fetched by the worker, so
 * they are missing from the page's resource timeline; this finds them from the build itself.
 * Paths are URL pathnames (`/assets/x.js`); files outside `distDir` are ignored.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;

export function staticImportClosure(distDir: string, pathnames: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (pathname: string) => {
    if (seen.has(pathname)) return;
    const file = join(distDir, pathname);
    if (!/\.m?js$/.test(pathname) || !existsSync(file)) return;
    seen.add(pathname);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) visit(posix.join(dirname(pathname), m[1]!));
  };
  for (const p of pathnames) visit(p);
  return seen;
}
