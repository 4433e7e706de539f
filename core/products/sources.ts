/**
 * Where each product comes from and in what order to ask: the registry's entries
 * (core/products/products.ts) as the poller, the service worker and the ingest command read them,
 * plus the URL helpers. Which normaliser reads a product is `NORMALISERS[resource]`
 * (core/normalise/), not a field here: the service worker and the page import this module, and a
 * field holding the normalisers would carry every one of them into their bundles.
 */
import type { Resource } from '../model.ts';
import type { FreshnessWindow } from './freshness.ts';
import { PRODUCTS } from './products.ts';
import type { Priority, ProductSpec } from './productSpec.ts';
import { compactKind } from '../compact/compactForm.ts';

const SWPC_BASE_URL = 'https://services.swpc.noaa.gov/';

/** How far back the backend's live `kp-gfz` answer reaches (the registry says why). */
export { GFZ_LIVE_DAYS } from './products.ts';
/** The backend's space-weather function, under the configurable base URL. */
export const BACKEND_SPACE_WEATHER_PATH = '/functions/v1/space-weather/';

/** A product as the poller reads it: its registry entry's fields, the freshness window spread in. */
export interface Source
  extends
    FreshnessWindow,
    Pick<
      ProductSpec,
      'swpcPath' | 'swpcAltPath' | 'viaBackend' | 'cadenceMs' | 'priority' | 'approxBytes'
    > {
  resource: Resource;
}

export const SOURCES = Object.fromEntries(
  (Object.keys(PRODUCTS) as Resource[]).map((resource) => {
    const p = PRODUCTS[resource];
    const source: Source = {
      resource,
      swpcPath: p.swpcPath,
      swpcAltPath: p.swpcAltPath,
      viaBackend: p.viaBackend,
      cadenceMs: p.cadenceMs,
      priority: p.priority,
      approxBytes: p.approxBytes,
      ...p.freshness,
    };
    return [resource, source];
  }),
) as Readonly<Record<Resource, Source>>;

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
