import { RESOURCES } from '../../../core/model.ts';
import { UPSTREAM_FILES, type ServedResource } from '../../../core/products/upstreamFiles.ts';
import { GFZ_LIVE_DAYS, sourceFor } from '../../../core/products/sources.ts';
import { compactKind } from '../../../core/compact/compactForm.ts';
import { DAY_MS, utcDayStart } from '../../../core/time/dayKey.ts';

/**
 * What the space-weather function serves: the ten agency products plus alerts, the 1-minute
 * Kp, the Kp forecast and the 27-day outlook. Upstream path and cadence come from the poller's
 * source table (core/products/sources.ts), so the backend and the direct fallback ask SWPC for the same
 * file at the same rate: one upstream fetch per product per cadence, however many clients ask.
 * Paths are relative to `SWPC_BASE_URL`. Which products, their content type and replay file are
 * the registry's text half (core/products/upstreamFiles.ts).
 */
export interface ResourceSpec {
  /** Which agency: SWPC (`SWPC_BASE_URL`) or GFZ Potsdam's Kp service (`GFZ_BASE_URL`). */
  upstream: 'swpc' | 'gfz';
  /** The path and query under the agency's base URL, for a fetch at `now` (GFZ's asks for dates). */
  path: (now: number) => string;
  cadenceMs: number;
  contentType: string;
  /** File under ./replay/ holding one upstream body to replay (see replay/SOURCES.md); null when none. */
  replayFile: string | null;
}

/** How far back the live `kp-gfz` answer reaches (core/products/sources.ts says why). */
export { GFZ_LIVE_DAYS };

/** GFZ's query (https://kp.gfz-potsdam.de/app/json/?start=…&end=…&index=Kp) for whole UTC days. */
export function gfzKpPath(from: number, to: number): string {
  const day = (t: number) => new Date(utcDayStart(t)).toISOString().slice(0, 10);
  return `app/json/?start=${day(from)}T00:00:00Z&end=${day(to)}T23:59:59Z&index=Kp`;
}

/** What this function serves: the products with a `served` entry (core/products/upstreamFiles.ts). */
export type SpaceWeatherResource = ServedResource;

export const SPACE_WEATHER_RESOURCE_NAMES = RESOURCES.filter(
  (r): r is SpaceWeatherResource => UPSTREAM_FILES[r].served !== null,
);

function build(resource: SpaceWeatherResource): ResourceSpec {
  const source = sourceFor(resource);
  const { contentType, replayFile } = UPSTREAM_FILES[resource].served;
  if (resource === 'kp-gfz')
    return {
      upstream: 'gfz',
      path: (now) => gfzKpPath(now - (GFZ_LIVE_DAYS - 1) * DAY_MS, now),
      cadenceMs: source.cadenceMs,
      contentType,
      replayFile,
    };
  const path = source.swpcPath;
  if (!path) throw new Error(`core/products/sources.ts has no SWPC path for ${resource}`);
  return {
    upstream: 'swpc',
    path: () => path,
    cadenceMs: source.cadenceMs,
    contentType,
    replayFile,
  };
}

const SPACE_WEATHER_RESOURCES = Object.fromEntries(
  SPACE_WEATHER_RESOURCE_NAMES.map((r) => [r, build(r)]),
) as Record<SpaceWeatherResource, ResourceSpec>;

export function isSpaceWeatherResource(name: string): name is SpaceWeatherResource {
  return (SPACE_WEATHER_RESOURCE_NAMES as readonly string[]).includes(name);
}

export function resourceSpec(resource: SpaceWeatherResource): ResourceSpec {
  return SPACE_WEATHER_RESOURCES[resource];
}

/** What a request's query asked for: the agency's form or the compact form (core/compact/). */
export interface SpaceWeatherQuery {
  /** null = the agency's form; else the compact form, rows newer than `since` (epoch ms) when given. */
  compact: { since: number | null } | null;
}

const FULL: SpaceWeatherQuery = { compact: null };

/**
 * `?format=compact` and `&since=<epoch ms>` (only with the compact form): the query, or the
 * reason it cannot be answered (400). `?window=recent|full` is still accepted — older workers send
 * `recent` — and answered with the one file there is (SWPC retired the 2-hour solar-wind files).
 */
export function readQuery(
  url: string,
  resource: SpaceWeatherResource,
): SpaceWeatherQuery | { error: string } {
  const q = url.indexOf('?');
  if (q === -1) return FULL;
  const hash = url.indexOf('#', q);
  const params = new URLSearchParams(url.slice(q + 1, hash === -1 ? undefined : hash));
  const w = params.get('window');
  if (w !== null && w !== 'full' && w !== 'recent')
    return {
      error: 'window must be "recent" (the short upstream window, where there is one) or "full"',
    };
  const format = params.get('format');
  const since = params.get('since');
  if (format === null || format === 'raw') {
    if (since !== null) return { error: 'since is only understood with format=compact' };
    return FULL;
  }
  if (format !== 'compact') return { error: 'format must be "compact" or "raw"' };
  if (compactKind(resource) === null)
    return { error: `${resource} has no compact form; ask without format` };
  if (since === null) return { compact: { since: null } };
  if (!/^\d{1,15}$/.test(since)) return { error: 'since must be a time in epoch milliseconds' };
  // The grid's `since` is the frame the asker holds (compactAnswer.ts): the new one may go as the
  // difference from it.
  return { compact: { since: Number(since) } };
}
