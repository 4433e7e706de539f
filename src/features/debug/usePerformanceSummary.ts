import { useState } from 'react';
import {
  PERFORMANCE_REFRESH_MS,
  summarisePerformance,
  type PerformanceEntrySummary,
} from './performanceSummary.ts';
import { useInterval } from './useInterval.ts';

/** Per-operation performance entries from resource timing, refreshed every 2 s. */
export function usePerformanceSummary(enabled: boolean) {
  const [summary, setSummary] = useState<Map<string, PerformanceEntrySummary>>(new Map());
  const [navigation, setNavigation] = useState<{ domContentLoaded: number; load: number } | null>(
    null,
  );
  useInterval(
    () => {
      setSummary(
        summarisePerformance(
          performance.getEntriesByType('resource') as PerformanceResourceTiming[],
          location.origin,
        ),
      );
      const nav = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      setNavigation(
        nav
          ? {
              domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
              load: Math.round(nav.loadEventEnd),
            }
          : null,
      );
    },
    PERFORMANCE_REFRESH_MS,
    enabled,
  );
  return { summary, navigation };
}
