/**
 * The third-party resource monitor's decisions: each resource's status, each service's health,
 * the errors kept, and the monitor's limits. Pure: time is passed in.
 */

export type ResourceStatus = 'success' | 'warning' | 'error';
export type HealthStatus = 'good' | 'degraded' | 'down';

export interface MonitoredResource {
  domain: string;
  name: string;
  url: string;
  loadTime: number;
  size: number;
  timestamp: number;
  status: ResourceStatus;
}

export interface ResourceError {
  domain: string;
  name: string;
  url: string;
  message: string;
  timestamp: number;
}

export interface ServiceHealth {
  avgLoadTime: number;
  errorRate: number;
  status: HealthStatus;
}

/** Load-time thresholds: warning, error and timeout. */
export const WARNING_MS = 2000;
export const ERROR_MS = 5000;
export const TIMEOUT_MS = 15000;
/** Resource timing poll, monitoring start delay, table rows, error window, errors kept. */
export const RESOURCE_POLL_MS = 10_000;
export const MONITOR_START_DELAY_MS = 5_000;
const TABLE_ROWS = 20;
const ERROR_WINDOW_MS = 10 * 60 * 1000;
export const MAX_ERRORS = 50;

/** Success by default; warning over 2000 ms; error over 5000 ms. */
export function resourceStatus(loadTime: number): ResourceStatus {
  if (loadTime > ERROR_MS) return 'error';
  if (loadTime > WARNING_MS) return 'warning';
  return 'success';
}

/** Down if error rate > 0.5 or ≥ 5 recent errors; degraded if rate > 0.1 or avg > 2000 ms. */
export function healthStatus(
  errorRate: number,
  recentErrors: number,
  avgLoadTime: number,
): HealthStatus {
  if (errorRate > 0.5 || recentErrors >= 5) return 'down';
  if (errorRate > 0.1 || avgLoadTime > WARNING_MS) return 'degraded';
  return 'good';
}

/**
 * Health of one domain from its loads and its errors. Errors older than 10 minutes no longer
 * count; the error rate is failures over all attempts seen (loads plus recent failures).
 */
export function serviceHealth(
  resources: readonly MonitoredResource[],
  errors: readonly ResourceError[],
  now: number,
): ServiceHealth {
  const recent = errors.filter((e) => now - e.timestamp <= ERROR_WINDOW_MS).length;
  const attempts = resources.length + recent;
  const avgLoadTime = resources.length
    ? resources.reduce((s, r) => s + r.loadTime, 0) / resources.length
    : 0;
  const errorRate = attempts ? recent / attempts : 0;
  return { avgLoadTime, errorRate, status: healthStatus(errorRate, recent, avgLoadTime) };
}

/** Health per domain, for every domain that loaded or failed. */
export function healthByDomain(
  resources: readonly MonitoredResource[],
  errors: readonly ResourceError[],
  now: number,
): Map<string, ServiceHealth> {
  const domains = new Set([...resources.map((r) => r.domain), ...errors.map((e) => e.domain)]);
  const out = new Map<string, ServiceHealth>();
  for (const d of [...domains].sort()) {
    out.set(
      d,
      serviceHealth(
        resources.filter((r) => r.domain === d),
        errors.filter((e) => e.domain === d),
        now,
      ),
    );
  }
  return out;
}

/** Adds an error, keeping only the newest 50. */
export function addResourceError(
  errors: readonly ResourceError[],
  error: ResourceError,
): ResourceError[] {
  const next = [...errors, error];
  return next.length > MAX_ERRORS ? next.slice(next.length - MAX_ERRORS) : next;
}

/** The message for a failed element, in the product's wording. */
export function resourceErrorMessage(tag: string, url: string): string {
  return tag.toLowerCase() === 'link'
    ? `Failed to load CSS: ${url}`
    : `Failed to load resource: ${url}`;
}

/** The subset of PerformanceResourceTiming the monitor reads. */
export interface TimingLike {
  name: string;
  startTime: number;
  duration: number;
  transferSize?: number;
  encodedBodySize?: number;
  initiatorType?: string;
}

/**
 * Third-party resources from resource timing: other origins only (our own assets are the
 * performance dashboard's business). `timeOrigin` turns entry times into epoch ms.
 */
export function monitoredResources(
  entries: readonly TimingLike[],
  pageOrigin: string,
  timeOrigin: number,
): MonitoredResource[] {
  const out: MonitoredResource[] = [];
  for (const e of entries) {
    let url: URL;
    try {
      url = new URL(e.name);
    } catch {
      continue;
    }
    if (url.origin === pageOrigin || !/^https?:$/.test(url.protocol)) continue;
    const loadTime = Math.round(e.duration);
    out.push({
      domain: url.hostname,
      name: url.pathname.split('/').filter(Boolean).pop() ?? url.hostname,
      url: e.name,
      loadTime,
      size: e.transferSize || e.encodedBodySize || 0,
      timestamp: Math.round(timeOrigin + e.startTime),
      status: resourceStatus(loadTime),
    });
  }
  return out;
}

/** The table: newest first, at most 20 rows. */
export function tableRows(resources: readonly MonitoredResource[]): MonitoredResource[] {
  return [...resources].sort((a, b) => b.timestamp - a.timestamp).slice(0, TABLE_ROWS);
}
