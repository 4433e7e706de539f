/**
 * What the service worker does on `periodicsync` and `sync-aurora-data` while the app may be closed:
 * fetch the small products and keep them for the poller. (Alerts are the alert engine's, run after
 * this: src/sw/alerts/deviceAlerts.ts.) Every outside thing (fetch, clock, database) is passed in.
 */
import {
  readForcedOffline,
  writeBackgroundUpdate,
  type AuroraTrackingDb,
} from './auroraTrackingDb.ts';
import type { Resource } from '../../core/model.ts';
import { backendUrl, swpcUrl } from '../../core/products/sources.ts';
import { productsWith } from '../../core/products/products.ts';

/**
 * The small products worth fetching in the background, first through the backend's space-weather
 * function (coalesced, cached), then straight from SWPC (it serves CORS) when the backend is down.
 * Where each comes from is the product registry's (core/products/sources.ts), as for the poller:
 * the agency's own file (the poller folds it in with the same normaliser), and its other SWPC name
 * when the main one answers 404. Which products: the registry's `background` flag.
 */
export const BACKGROUND_PRODUCTS: readonly Resource[] = productsWith('background');

/** Where one background product is asked for: the backend, else SWPC, else SWPC's other name. */
export function backgroundUrls(
  resource: Resource,
  backendBase: string,
): { backend: string; upstream: string | null; alternative: string | null } {
  return {
    backend: backendUrl(backendBase, resource),
    upstream: swpcUrl(resource),
    alternative: swpcUrl(resource, { alternative: true }),
  };
}

/** Bounds one background fetch, as the poller's 10 s request timeout does for the page. */
const FETCH_TIMEOUT_MS = 10_000;

export interface RefreshDeps {
  fetch: typeof fetch;
  now: () => number;
  db: AuroraTrackingDb;
  /** The backend's base URL (the functions are under `/functions/v1`), e.g. the app's origin. */
  backendBase: string;
}

export interface RefreshResult {
  fetched: string[];
  failed: string[];
  /** True when nothing was tried: the user chose Go Offline. */
  forcedOffline: boolean;
}

async function fetchText(
  fetchFn: typeof fetch,
  url: string,
): Promise<{ status: number; body: string } | null> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), FETCH_TIMEOUT_MS);
  try {
    const res = await fetchFn(url, { signal: ctrl.signal, cache: 'no-store' });
    if (!res.ok) return null;
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

export async function refreshInBackground(deps: RefreshDeps): Promise<RefreshResult> {
  const result: RefreshResult = { fetched: [], failed: [], forcedOffline: false };
  // Go Offline means no request from any part of the app, the browser's wake-ups included. The
  // stored choice is read before every request: a refresh under way when the user presses Go
  // Offline sends nothing more.
  const silenced = async () => (result.forcedOffline ||= await readForcedOffline(deps.db));
  const fetchUnlessSilenced = async (url: string) =>
    (await silenced()) ? null : fetchText(deps.fetch, url);
  for (const resource of BACKGROUND_PRODUCTS) {
    if (await silenced()) return result;
    const urls = backgroundUrls(resource, deps.backendBase);
    let url = urls.backend;
    let got = await fetchUnlessSilenced(url);
    // A backend answer we cannot read counts as no answer: try the agency itself, then the
    // product's other SWPC name (the main one may have been retired).
    for (const next of [urls.upstream, urls.alternative]) {
      if (got && parseJson(got.body) !== null) break;
      if (!next) continue;
      url = next;
      got = await fetchUnlessSilenced(url);
    }
    const parsed = got ? parseJson(got.body) : null;
    if (!got || parsed === null) {
      result.failed.push(resource);
      continue;
    }
    // Bad input never replaces good data: only a parseable body is stored.
    await writeBackgroundUpdate(deps.db, {
      resource,
      url,
      fetchedAt: deps.now(),
      status: got.status,
      body: got.body,
    });
    result.fetched.push(resource);
  }
  return result;
}
