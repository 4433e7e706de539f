import { describe, expect, it } from 'vitest';
import {
  MAX_ERRORS,
  addResourceError,
  healthByDomain,
  healthStatus,
  monitoredResources,
  resourceErrorMessage,
  resourceStatus,
  serviceHealth,
  tableRows,
  type MonitoredResource,
  type ResourceError,
} from '../../../../src/features/debug/resourceHealth.ts';

const NOW = Date.UTC(2026, 0, 1, 12);
const res = (domain: string, loadTime: number, timestamp = NOW): MonitoredResource => ({
  domain,
  name: 'x.js',
  url: `https://${domain}/x.js`,
  loadTime,
  size: 100,
  timestamp,
  status: resourceStatus(loadTime),
});
const err = (domain: string, ageMs: number): ResourceError => ({
  domain,
  name: 'x.js',
  url: `https://${domain}/x.js`,
  message: 'Resource failed to load',
  timestamp: NOW - ageMs,
});

describe('resource status', () => {
  it('is success up to 2000 ms, warning above, error above 5000 ms', () => {
    expect(resourceStatus(0)).toBe('success');
    expect(resourceStatus(2000)).toBe('success');
    expect(resourceStatus(2001)).toBe('warning');
    expect(resourceStatus(5000)).toBe('warning');
    expect(resourceStatus(5001)).toBe('error');
  });
});

describe('service health', () => {
  it('is down when more than half fail or five errors are recent', () => {
    expect(healthStatus(0.51, 1, 100)).toBe('down');
    expect(healthStatus(0, 5, 100)).toBe('down');
  });

  it('is degraded above a 10 % error rate or a 2000 ms average, else good', () => {
    expect(healthStatus(0.11, 1, 100)).toBe('degraded');
    expect(healthStatus(0, 0, 2001)).toBe('degraded');
    expect(healthStatus(0.1, 4, 2000)).toBe('good');
  });

  it('counts only errors from the last ten minutes', () => {
    const loads = Array.from({ length: 20 }, () => res('cdn.example', 300));
    const old = Array.from({ length: 6 }, () => err('cdn.example', 11 * 60_000));
    expect(serviceHealth(loads, old, NOW)).toEqual({
      avgLoadTime: 300,
      errorRate: 0,
      status: 'good',
    });
    const recent = Array.from({ length: 5 }, () => err('cdn.example', 60_000));
    expect(serviceHealth(loads, recent, NOW).status).toBe('down');
  });

  it('judges each domain on its own loads and errors', () => {
    const health = healthByDomain(
      [res('a.example', 100), res('b.example', 3000)],
      [err('c.example', 0)],
      NOW,
    );
    expect([...health.keys()]).toEqual(['a.example', 'b.example', 'c.example']);
    expect(health.get('a.example')?.status).toBe('good');
    expect(health.get('b.example')?.status).toBe('degraded');
    expect(health.get('c.example')).toEqual({ avgLoadTime: 0, errorRate: 1, status: 'down' });
  });
});

describe('the monitor lists', () => {
  it('keeps at most the 50 newest errors', () => {
    let list: ResourceError[] = [];
    for (let i = 0; i < 60; i += 1)
      list = addResourceError(list, { ...err('a.example', 0), message: `e${i}` });
    expect(list).toHaveLength(MAX_ERRORS);
    expect(list[0]?.message).toBe('e10');
    expect(list[49]?.message).toBe('e59');
  });

  it('shows the newest 20 resources first', () => {
    const rows = tableRows(Array.from({ length: 30 }, (_, i) => res('a.example', 10, NOW + i)));
    expect(rows).toHaveLength(20);
    expect(rows[0]?.timestamp).toBe(NOW + 29);
  });

  it('monitors only other origins, with epoch timestamps and a status', () => {
    const list = monitoredResources(
      [
        { name: 'http://app.test/assets/index.js', startTime: 5, duration: 20 },
        {
          name: 'https://fonts.example/css?family=x',
          startTime: 100,
          duration: 2500.4,
          transferSize: 900,
        },
        { name: 'data:image/png;base64,xx', startTime: 1, duration: 1 },
      ],
      'http://app.test',
      NOW,
    );
    expect(list).toEqual([
      {
        domain: 'fonts.example',
        name: 'css',
        url: 'https://fonts.example/css?family=x',
        loadTime: 2500,
        size: 900,
        timestamp: NOW + 100,
        status: 'warning',
      },
    ]);
  });

  it('words failures in the product’s wording', () => {
    expect(resourceErrorMessage('LINK', 'https://x/y.css')).toBe(
      'Failed to load CSS: https://x/y.css',
    );
    expect(resourceErrorMessage('script', 'https://x/y.js')).toBe(
      'Failed to load resource: https://x/y.js',
    );
  });
});
