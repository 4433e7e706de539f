import { useEffect, useState } from 'react';
import {
  MONITOR_START_DELAY_MS,
  RESOURCE_POLL_MS,
  addResourceError,
  monitoredResources,
  resourceErrorMessage,
  type MonitoredResource,
  type ResourceError,
} from './resourceHealth.ts';

const MONITORED_TAGS = new Set(['IMG', 'SCRIPT', 'LINK']);

/**
 * Monitoring starts 5 s after load and polls resource timing every 10 s; failed images,
 * scripts and stylesheets from other origins are recorded as resource errors (at most 50).
 */
export function useResourceMonitor() {
  const [resources, setResources] = useState<MonitoredResource[]>([]);
  const [errors, setErrors] = useState<ResourceError[]>([]);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const onError = (event: Event) => {
      const el = event.target as (HTMLElement & { src?: string; href?: string }) | null;
      if (!el || !MONITORED_TAGS.has(el.tagName)) return;
      const url = el.src || el.href || '';
      let host = '';
      try {
        const u = new URL(url, location.href);
        if (u.origin === location.origin) return;
        host = u.hostname;
      } catch {
        return;
      }
      setErrors((list) =>
        addResourceError(list, {
          domain: host,
          name: url.split('/').pop() ?? url,
          url,
          message: `Resource failed to load. ${resourceErrorMessage(el.tagName, url)}`,
          timestamp: Date.now(),
        }),
      );
    };
    // Element load errors do not bubble: listen in the capture phase.
    window.addEventListener('error', onError, true);
    return () => window.removeEventListener('error', onError, true);
  }, []);

  useEffect(() => {
    let poll: ReturnType<typeof setInterval> | undefined;
    const read = () =>
      setResources(
        monitoredResources(
          performance.getEntriesByType('resource') as PerformanceResourceTiming[],
          location.origin,
          performance.timeOrigin,
        ),
      );
    const sinceLoad = performance.now();
    const start = setTimeout(
      () => {
        setStarted(true);
        read();
        poll = setInterval(read, RESOURCE_POLL_MS);
      },
      Math.max(0, MONITOR_START_DELAY_MS - sinceLoad),
    );
    return () => {
      clearTimeout(start);
      if (poll) clearInterval(poll);
    };
  }, []);

  return { resources, errors, started };
}
