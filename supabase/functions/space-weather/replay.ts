import { UPSTREAM_FILES } from '../../../core/products/upstreamFiles.ts';
import { resourceSpec, type SpaceWeatherResource } from './resources.ts';
import { readTextFile } from '../_shared/readTextFile.ts';

/** One replayed upstream body (constructed to SWPC's format: replay/SOURCES.md). */
interface ReplayFile {
  body: string;
  contentType: string;
}

/** Loads the replay body of a resource, or null when none is shipped. Pluggable per runtime. */
export type ReplayLoader = (resource: SpaceWeatherResource) => Promise<ReplayFile | null>;

/**
 * The newest data time inside each replay file (core/products/upstreamFiles.ts `replayDataTime`:
 * the constructed files keep the time spans of the recordings they replaced), used only when no
 * normaliser can compute it from the body: a replay must never claim to be newer than it is.
 */
export function replayDataTime(resource: SpaceWeatherResource): string {
  return UPSTREAM_FILES[resource].served.replayDataTime;
}

/** Reads a text file next to this module. */
function readTextBesideModule(relative: string): Promise<string> {
  return readTextFile(new URL(relative, import.meta.url));
}

/** The default loader: the files in ./replay/, read once and kept in memory. */
export function createFileReplayLoader(
  read: (relative: string) => Promise<string> = readTextBesideModule,
): ReplayLoader {
  const cache = new Map<SpaceWeatherResource, Promise<ReplayFile | null>>();
  return (resource) => {
    let pending = cache.get(resource);
    if (!pending) {
      const spec = resourceSpec(resource);
      pending = spec.replayFile
        ? read(`./replay/${spec.replayFile}`).then(
            (body) => ({ body, contentType: spec.contentType }),
            () => null,
          )
        : Promise.resolve(null);
      cache.set(resource, pending);
    }
    return pending;
  };
}
