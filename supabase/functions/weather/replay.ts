import type { WeatherReplayLoader } from './service.ts';

/** Reads a file next to this module: Deno.readTextFile on Deno, node:fs on Node. */
async function readBesideModule(relative: string): Promise<string> {
  const url = new URL(relative, import.meta.url);
  const deno = globalThis.Deno;
  if (deno?.readTextFile) return deno.readTextFile(url);
  // Node only: the specifier is built at runtime so Deno-targeted bundlers leave it alone.
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ fsModule)) as { readFile(path: URL, enc: 'utf8'): Promise<string> };
  return fs.readFile(url, 'utf8');
}

/** The default loader: `replay/<key>.json` (see replay/SOURCES.md), read once per key; null when there is none. */
export function createFileReplayLoader(read: (relative: string) => Promise<string> = readBesideModule): WeatherReplayLoader {
  const cache = new Map<string, Promise<string | null>>();
  return (key) => {
    if (!/^-?\d{1,2}\.\d_-?\d{1,3}\.\d$/.test(key)) return Promise.resolve(null);
    let pending = cache.get(key);
    if (!pending) {
      pending = read(`./replay/${key}.json`).then(
        (body) => body,
        () => null,
      );
      cache.set(key, pending);
    }
    return pending;
  };
}
