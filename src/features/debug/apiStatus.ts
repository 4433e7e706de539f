/** The API status indicator's decisions: how a latency check (the two ping endpoints) reads against the load-time thresholds. */
import { ERROR_MS, TIMEOUT_MS, WARNING_MS } from './resourceHealth.ts';

export type PingState = 'online' | 'slow' | 'failing' | 'unreachable';

export interface PingResult {
  endpoint: string;
  state: PingState;
  latencyMs: number | null;
  status: number | null;
  checkedAt: number;
  message: string | null;
}

/** The status panel refreshes every 5 s while monitoring is on. */
export const STATUS_REFRESH_MS = 5000;
export const PING_ENDPOINTS = ['/functions/v1/ping', '/functions/v1/space-weather/ping'] as const;
export const STATS_ENDPOINT = '/functions/v1/space-weather/stats';

export function pingState(ok: boolean, status: number | null, latencyMs: number | null): PingState {
  if (status === null || latencyMs === null) return 'unreachable';
  if (!ok) return 'failing';
  return latencyMs > WARNING_MS ? 'slow' : 'online';
}

/** One latency check with the 15 s load-time timeout; `fetchFn` and `now` are passed in. */
export async function ping(
  endpoint: string,
  fetchFn: typeof fetch,
  now: () => number,
): Promise<PingResult> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  const start = now();
  try {
    const res = await fetchFn(endpoint, { cache: 'no-store', signal: ctrl.signal });
    const latencyMs = Math.round(now() - start);
    return {
      endpoint,
      state: pingState(res.ok, res.status, latencyMs),
      latencyMs,
      status: res.status,
      checkedAt: now(),
      message: res.ok
        ? latencyMs > ERROR_MS
          ? 'Very slow'
          : null
        : `API error: ${res.status} ${res.statusText}`.trim(),
    };
  } catch (e) {
    const aborted = e instanceof DOMException && e.name === 'AbortError';
    return {
      endpoint,
      state: 'unreachable',
      latencyMs: null,
      status: null,
      checkedAt: now(),
      message: aborted
        ? `Request timed out after ${TIMEOUT_MS}ms`
        : `Network error: ${e instanceof Error ? e.message : String(e)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The indicator's one word for all endpoints: the worst of them. */
export function overallState(results: readonly PingResult[]): PingState | 'unknown' {
  if (results.length === 0) return 'unknown';
  const order: PingState[] = ['unreachable', 'failing', 'slow', 'online'];
  for (const s of order) if (results.some((r) => r.state === s)) return s;
  return 'unknown';
}
