import { useCallback, useState } from 'react';
import {
  PING_ENDPOINTS,
  STATS_ENDPOINT,
  STATUS_REFRESH_MS,
  ping,
  type PingResult,
} from './apiStatus.ts';
import { TIMEOUT_MS } from './resourceHealth.ts';
import type { StatsFetch } from './statsRows.ts';
import { useInterval } from './useInterval.ts';

/**
 * Pings the backend's latency endpoints every 5 s while monitoring is on;
 * `withStats`: also asks for the space-weather statistics (only the expanded panel shows them).
 */
export function useApiStatus(withStats: boolean) {
  const [results, setResults] = useState<PingResult[]>([]);
  const [stats, setStats] = useState<StatsFetch | null>(null);
  const [monitoring, setMonitoring] = useState(true);

  const refresh = useCallback(async () => {
    const now = () => performance.now();
    const checked = await Promise.all(PING_ENDPOINTS.map((e) => ping(e, fetch, now)));
    // Epoch time for display; performance.now() above is only for latency.
    setResults(checked.map((r) => ({ ...r, checkedAt: Date.now() })));
    if (withStats) setStats(await fetchStats());
  }, [withStats]);

  useInterval(() => void refresh(), STATUS_REFRESH_MS, monitoring);
  return { results, stats, monitoring, setMonitoring, refresh };
}

/** The stats request; every failure becomes a reason to show, never a throw. */
async function fetchStats(): Promise<StatsFetch> {
  let res: Response;
  try {
    res = await fetch(STATS_ENDPOINT, {
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut =
      e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return {
      ok: false,
      reason: timedOut
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `network error (${e instanceof Error ? e.message : String(e)})`,
    };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: false, reason: `HTTP ${res.status} ${res.statusText}`.trim() };
  }
  try {
    return { ok: true, body: (await res.json()) as unknown };
  } catch (e) {
    return {
      ok: false,
      reason:
        e instanceof SyntaxError
          ? 'the answer is not JSON'
          : `the answer broke off (${e instanceof Error ? e.message : String(e)})`,
    };
  }
}
