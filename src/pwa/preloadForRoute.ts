/**
 * Route preloads: 300 ms after a route is shown, fetch the code its next steps
 * will need, so the map, charts or backend client are ready without blocking the first paint.
 */

/** Route preload delay. */
const ROUTE_PRELOAD_DELAY_MS = 300;

export type PreloadTarget = 'map' | 'charts' | 'backend';

const LOADERS: Record<PreloadTarget, () => Promise<unknown>> = {
  map: () => import('../features/map/MapPage.tsx'),
  charts: () => import('../ui/charts/loadUplot.ts').then((m) => m.loadUplot()),
  backend: () => import('@supabase/supabase-js'),
};

export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Which code a route preloads: `/` maps; `/forecast` charts and maps; `/settings` the backend.
 * Nothing ahead of need when the user asked to save data or the link is 2g: each route still
 * loads its own code when it is opened.
 */
export function preloadTargetsFor(path: string, connection?: ConnectionHints): PreloadTarget[] {
  if (
    connection?.saveData ||
    connection?.effectiveType === '2g' ||
    connection?.effectiveType === 'slow-2g'
  )
    return [];
  const p = path.replace(/\/+$/, '') || '/';
  if (p === '/') return ['map'];
  if (p === '/forecast') return ['charts', 'map'];
  if (p === '/settings') return ['backend'];
  return [];
}

const started = new Set<PreloadTarget>();

/** Schedules the preloads for `path`; returns a cancel function (call it when the route changes). */
export function preloadForRoute(
  path: string,
  delayMs: number = ROUTE_PRELOAD_DELAY_MS,
): () => void {
  const connection =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { connection?: ConnectionHints }).connection;
  const targets = preloadTargetsFor(path, connection).filter((t) => !started.has(t));
  if (targets.length === 0) return () => undefined;
  const timer = setTimeout(() => {
    for (const target of targets) {
      if (started.has(target)) continue;
      started.add(target);
      // A failed preload (offline, before the precache is complete) just lets the route load it later.
      LOADERS[target]().catch(() => started.delete(target));
    }
  }, delayMs);
  return () => clearTimeout(timer);
}
