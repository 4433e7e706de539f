/**
 * The performance dashboard's numbers: per operation, how often and
 * how fast, split by whether a cache (the service worker or the HTTP cache) answered.
 */
import type { TimingLike } from './resourceHealth.ts';

export interface PerformanceEntrySummary {
  count: number;
  avgDuration: number;
  cachedCount: number;
  cachedAvgDuration: number;
  networkCount: number;
  networkAvgDuration: number;
  /** How much faster the cached answers were, in percent of the network time (0 when either is missing). */
  improvement: number;
}

/** Debug performance data refreshes every 2 s. */
export const PERFORMANCE_REFRESH_MS = 2000;

/** Names a request by what it does, so 30 hashed chunks read as one "app code" line. */
export function operationOf(url: string, pageOrigin: string): string {
  let u: URL;
  try {
    u = new URL(url, pageOrigin);
  } catch {
    return url;
  }
  if (u.origin !== pageOrigin) return u.hostname;
  const p = u.pathname;
  const m = /^\/(functions|rest|auth|realtime|storage)\/v1\/([^/?]+)(?:\/([^/?]+))?/.exec(p);
  if (m) return m[1] === 'functions' && m[3] ? `${m[2]}/${m[3]}` : `${m[1]} ${m[2]}`;
  if (/^\/assets\/.*\.js$/.test(p)) return 'app code (js)';
  if (/^\/assets\/.*\.css$/.test(p)) return 'app styles (css)';
  if (p.startsWith('/content/')) return 'content';
  return p;
}

/** A response with no bytes on the wire but a body came from a cache. */
function servedFromCache(e: TimingLike): boolean {
  return (e.transferSize ?? 1) === 0 && (e.encodedBodySize ?? 0) > 0;
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export function summarisePerformance(
  entries: readonly TimingLike[],
  pageOrigin: string,
): Map<string, PerformanceEntrySummary> {
  const groups = new Map<string, { cached: number[]; network: number[] }>();
  for (const e of entries) {
    const op = operationOf(e.name, pageOrigin);
    const g = groups.get(op) ?? { cached: [], network: [] };
    (servedFromCache(e) ? g.cached : g.network).push(e.duration);
    groups.set(op, g);
  }
  const out = new Map<string, PerformanceEntrySummary>();
  for (const [op, g] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    const cachedAvgDuration = avg(g.cached);
    const networkAvgDuration = avg(g.network);
    out.set(op, {
      count: g.cached.length + g.network.length,
      avgDuration: avg([...g.cached, ...g.network]),
      cachedCount: g.cached.length,
      cachedAvgDuration,
      networkCount: g.network.length,
      networkAvgDuration,
      improvement:
        g.cached.length && g.network.length && networkAvgDuration > 0
          ? ((networkAvgDuration - cachedAvgDuration) / networkAvgDuration) * 100
          : 0,
    });
  }
  return out;
}
