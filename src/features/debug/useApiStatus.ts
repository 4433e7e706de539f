import { useCallback, useState } from 'react';
import { PING_ENDPOINTS, STATS_ENDPOINT, STATUS_REFRESH_MS, ping, type PingResult } from './apiStatus.ts';
import { useInterval } from './useInterval.ts';

/** Pings the backend's latency endpoints every 5 s while monitoring is on (spec §4 "Monitoring"). */
export function useApiStatus() {
  const [results, setResults] = useState<PingResult[]>([]);
  const [stats, setStats] = useState<unknown>(null);
  const [monitoring, setMonitoring] = useState(true);

  const refresh = useCallback(async () => {
    const now = () => performance.now();
    const checked = await Promise.all(PING_ENDPOINTS.map((e) => ping(e, fetch, now)));
    // Epoch time for display; performance.now() above is only for latency.
    setResults(checked.map((r) => ({ ...r, checkedAt: Date.now() })));
    try {
      const res = await fetch(STATS_ENDPOINT, { cache: 'no-store' });
      setStats(res.ok ? await res.json() : null);
    } catch {
      setStats(null);
    }
  }, []);

  useInterval(() => void refresh(), STATUS_REFRESH_MS, monitoring);
  return { results, stats, monitoring, setMonitoring, refresh };
}
