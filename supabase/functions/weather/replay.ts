import type { WeatherReplayLoader } from './service.ts';
import { readTextFile } from '../_shared/readTextFile.ts';

/** Reads a file next to this module. */
function readBesideModule(relative: string): Promise<string> {
  return readTextFile(new URL(relative, import.meta.url));
}

/** The default loader: `replay/<key>.json` (see replay/SOURCES.md), read once per key; null when there is none. */
export function createFileReplayLoader(
  read: (relative: string) => Promise<string> = readBesideModule,
): WeatherReplayLoader {
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
