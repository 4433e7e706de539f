import { useCallback, useState } from 'react';
import {
  cacheStatistics,
  collectCacheStorage,
  localStorageEntries,
  type CacheStatistics,
  type NamedCache,
} from './cacheStats.ts';
import { useInterval } from './useInterval.ts';

/** Cache Storage and `cache:` entries, re-read every 5 s (the status panel's refresh). */
export function useCacheStats() {
  const [caches, setCaches] = useState<NamedCache[]>([]);
  const [stats, setStats] = useState<CacheStatistics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const named = 'caches' in globalThis ? await collectCacheStorage() : [];
      setCaches(named);
      setStats(cacheStatistics(localStorageEntries(), named));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Unknown error occurred.');
    }
  }, []);
  useInterval(() => void refresh(), 5000);
  return { caches, stats, error, refresh };
}
