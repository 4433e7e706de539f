/**
 * One source per product: where it comes from, how often to ask, how old its data may get before
 * it is stale, and how urgent it is. Pure data plus URL helpers, shared by the poller worker, the
 * service worker (URLs), the page (freshness texts) and the ingest command. Which normaliser reads
 * a product is `NORMALISERS[resource]` (core/normalise/), not a field here: the service worker and
 * the page import this table, and a field holding the normalisers would carry every one of them
 * into their bundles. A new product is one entry here plus one normaliser there.
 *
 * Cadences follow docs/architecture.md ("The one rule", the poller): OVATION and hemispheric power 5 min, solar wind and the
 * 1-minute Kp 1 min, Kp and alerts a few minutes, text forecasts 30–60 min, solar cycle daily.
 * How old each product may get (`maxAgeMs`, `ageFrom`, `frozenAfterMs`) is defined once, in
 * core/products/freshness.ts, which the page reads too.
 */
import type { Resource } from '../model.ts';
import { FRESHNESS, type FreshnessWindow } from './freshness.ts';
import { compactKind } from '../compact/compactForm.ts';

const SWPC_BASE_URL = 'https://services.swpc.noaa.gov/';

/**
 * How far back the backend's live `kp-gfz` answer reaches, in UTC days. GFZ computes the
 * definitive Kp of a month in the second week of the next (its data publication,
 * doi:10.5880/Kp.0001), so a nowcast value can stay provisional for up to about 45 days; the
 * window keeps every such value in the answer until it is definitive, and the poller asks again
 * from the oldest one it holds. Older history comes from the archive.
 */
export const GFZ_LIVE_DAYS = 50;
/** The backend's space-weather function, under the configurable base URL. */
export const BACKEND_SPACE_WEATHER_PATH = '/functions/v1/space-weather/';

type Priority = 'high' | 'normal' | 'low';

/** Freshness windows (max age, what age counts from, frozen) come from core/products/freshness.ts. */
export interface Source extends FreshnessWindow {
  resource: Resource;
  /** Path under SWPC_BASE_URL for the direct fallback; null when SWPC does not serve it. */
  swpcPath: string | null;
  /**
   * Same data in another SWPC product, tried when the main path answers 404: for solar wind the
   * older 7-day products files (a week of history, 470–690 KB), which the normalisers read too.
   */
  swpcAltPath: string | null;
  /** True when the backend's /space-weather/{resource} serves it. */
  viaBackend: boolean;
  cadenceMs: number;
  priority: Priority;
  /** Approximate body size, for scheduling decisions and the bench. */
  approxBytes: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type SourceSpec = Omit<Source, 'resource' | keyof FreshnessWindow>;

const SPECS: Record<Resource, SourceSpec> = {
  'kp-index': {
    swpcPath: 'products/noaa-planetary-k-index.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'high',
    approxBytes: 3_000,
  },
  'aurora-oval': {
    swpcPath: 'json/ovation_aurora_latest.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'high',
    approxBytes: 930_000,
  },
  'aurora-nowcast-hemi-power': {
    swpcPath: 'text/aurora-nowcast-hemi-power.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'normal',
    approxBytes: 12_000,
  },
  'solar-wind': {
    swpcPath: 'json/rtsw/rtsw_wind_1m.json',
    swpcAltPath: 'products/solar-wind/plasma-7-day.json',
    viaBackend: true,
    cadenceMs: 1 * MIN,
    priority: 'high',
    approxBytes: 1_000_000,
  },
  'magnetic-field': {
    swpcPath: 'json/rtsw/rtsw_mag_1m.json',
    swpcAltPath: 'products/solar-wind/mag-7-day.json',
    viaBackend: true,
    cadenceMs: 1 * MIN,
    priority: 'high',
    approxBytes: 1_060_000,
  },
  'three-day-forecast': {
    swpcPath: 'text/3-day-forecast.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 30 * MIN,
    priority: 'normal',
    approxBytes: 2_200,
  },
  'three-day-geomag-forecast': {
    swpcPath: 'text/3-day-geomag-forecast.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 900,
  },
  'observed-solar-cycle': {
    swpcPath: 'json/solar-cycle/observed-solar-cycle-indices.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: DAY,
    priority: 'low',
    approxBytes: 510_000,
  },
  'predicted-solar-cycle': {
    swpcPath: 'json/solar-cycle/predicted-solar-cycle.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: DAY,
    priority: 'low',
    approxBytes: 32_000,
  },
  'icao-advisories': {
    // Unverified: no SWPC copy was found (../shared/fixtures/noaa/SOURCES.md). Same path as the
    // backend's resources.ts so both ask for the same thing.
    swpcPath: 'json/icao-space-weather-advisories.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 15 * MIN,
    priority: 'low',
    approxBytes: 5_000,
  },
  alerts: {
    swpcPath: 'products/alerts.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 3 * MIN,
    priority: 'high',
    approxBytes: 20_000,
  },
  'kp-1m': {
    swpcPath: 'json/planetary_k_index_1m.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 1 * MIN,
    priority: 'normal',
    approxBytes: 28_000,
  },
  'kp-forecast': {
    swpcPath: 'products/noaa-planetary-k-index-forecast.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 15 * MIN,
    priority: 'normal',
    approxBytes: 4_000,
  },
  'twenty-seven-day-outlook': {
    swpcPath: 'text/27-day-outlook.txt',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 1_700,
  },
  'sdo-images': {
    // Not SWPC: SDO's "latest" JPEGs, through the backend's sdo-image function (workers/sdo.ts),
    // not space-weather — so `viaBackend` (which names space-weather) stays false.
    swpcPath: null,
    swpcAltPath: null,
    viaBackend: false,
    cadenceMs: 15 * MIN,
    priority: 'low',
    approxBytes: 1_000,
  },
  'kp-gfz': {
    // Not SWPC: GFZ Potsdam's Kp web service, only through our backend, which builds the query
    // (supabase/functions/space-weather/resources.ts); GFZ's host is not in the page's CSP.
    swpcPath: null,
    swpcAltPath: null,
    viaBackend: true,
    // GFZ publishes a 3-hourly index; an hour keeps a new period within an hour of its release.
    cadenceMs: 60 * MIN,
    priority: 'low',
    approxBytes: 6_000,
  },
};

export const SOURCES: Record<Resource, Source> = Object.fromEntries(
  (Object.keys(SPECS) as Resource[]).map((resource) => [
    resource,
    {
      resource,
      ...SPECS[resource],
      ...FRESHNESS[resource],
    },
  ]),
) as Record<Resource, Source>;

export function sourceFor(resource: Resource): Source {
  return SOURCES[resource];
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * `{base}/functions/v1/space-weather/{resource}`; base is configuration (e.g. VITE_SUPABASE_URL).
 * `compact` asks for the compact form (core/compact/compactForm.ts) — `?format=compact`, plus
 * `&since=<epoch ms>` for only the rows newer than what is stored (for the grid: the frame held,
 * so the new one may come as the difference); only for resources that have one (`compactKind`),
 * the others keep the agency's form.
 */
export function backendUrl(
  backendBase: string,
  resource: Resource,
  opts: { compact?: { since: number | null } } = {},
): string {
  const url = joinUrl(backendBase, `${BACKEND_SPACE_WEATHER_PATH}${resource}`);
  if (!opts.compact || compactKind(resource) === null) return url;
  const since = opts.compact.since;
  return since === null
    ? `${url}?format=compact`
    : `${url}?format=compact&since=${Math.floor(since)}`;
}

/** The SWPC URL for the direct fallback; `alternative` picks the product tried after a 404. */
export function swpcUrl(
  resource: Resource,
  opts: { base?: string; alternative?: boolean } = {},
): string | null {
  const s = SOURCES[resource];
  const path = opts.alternative ? s.swpcAltPath : s.swpcPath;
  return path === null ? null : joinUrl(opts.base ?? SWPC_BASE_URL, path);
}

const PRIORITY_ORDER: Record<Priority, number> = { high: 0, normal: 1, low: 2 };

/** Resources in the order a full poll should ask for them: urgent and small first. */
export function pollOrder(
  resources: readonly Resource[] = Object.keys(SOURCES) as Resource[],
): Resource[] {
  return [...resources].sort(
    (a, b) =>
      PRIORITY_ORDER[SOURCES[a].priority] - PRIORITY_ORDER[SOURCES[b].priority] ||
      SOURCES[a].approxBytes - SOURCES[b].approxBytes,
  );
}
