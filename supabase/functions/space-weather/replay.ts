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
 * The newest data time inside each replay file (see replay/SOURCES.md; the constructed files keep
 * the time spans of the recordings they replaced), used only when no normaliser can compute it
 * from the body: a replay must never claim to be newer than it is.
 */
export const REPLAY_DATA_TIME: Partial<Record<SpaceWeatherResource, string>> = {
  'kp-index': '2026-02-09T15:00:00Z',
  'aurora-oval': '2024-03-03T15:07:00Z',
  'aurora-nowcast-hemi-power': '2024-03-03T15:15:00Z',
  'solar-wind': '2026-01-19T23:07:00Z',
  'magnetic-field': '2026-01-19T23:08:00Z',
  'three-day-forecast': '2024-12-31T12:30:00Z',
  'three-day-geomag-forecast': '2024-09-14T22:05:00Z',
  'observed-solar-cycle': '2024-11-01T00:00:00Z',
  'predicted-solar-cycle': '2023-11-11T00:00:00Z',
  'kp-1m': '2026-07-09T10:00:00Z',
  'kp-forecast': '2026-02-09T21:00:00Z',
  'twenty-seven-day-outlook': '2025-03-24T02:02:00Z',
  alerts: '2026-10-04T11:23:41.163Z',
  'icao-advisories': '2016-11-08T01:00:00Z',
  'kp-gfz': '2026-11-20T21:00:00Z',
};

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
