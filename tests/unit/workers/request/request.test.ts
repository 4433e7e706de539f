import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestWithRetry, type FetchLike } from '../../../../workers/request/requestWithRetry.ts';
import { ApiError, NetworkError, TimeoutError } from '../../../../workers/request/errors.ts';
import { createInFlight } from '../../../../workers/request/inFlight.ts';
import { createBatcher } from '../../../../workers/request/batcher.ts';
import { conditionalHeaders, readValidators } from '../../../../workers/request/conditional.ts';
import { fetchResource } from '../../../../workers/request/fetchResource.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that answers from a script, recording every call (url, headers, time). */
function scriptedFetch(script: ((url: string, init: RequestInit) => Promise<Response>)[]) {
  const calls: { url: string; headers: Record<string, string>; at: number }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) }, at: Date.now() });
    const step = script[Math.min(calls.length - 1, script.length - 1)];
    if (!step) throw new Error('no script');
    return step(url, init);
  };
  return { fetch, calls };
}

const ok =
  (body: string, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(new Response(body, { status: 200, headers }));
const status = (code: number, text: string) => () =>
  Promise.resolve(new Response('', { status: code, statusText: text }));
const networkDown = () => () => Promise.reject(new TypeError('Failed to fetch'));
/** Never answers until aborted, like a stalled connection. */
const hang = () => (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

describe('request rules', () => {
  it('gives up on a silent upstream after 10 s with "Request timed out after 10000ms"', async () => {
    const { fetch, calls } = scriptedFetch([hang()]);
    const p = requestWithRetry('https://x/a', { fetch, retries: 0 });
    const settled = expect(p).rejects.toThrow(new TimeoutError(10_000).message);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    await expect(p).rejects.toBeInstanceOf(TimeoutError);
  });

  it('retries twice, after 300 ms and then 600 ms, and then succeeds', async () => {
    const { fetch, calls } = scriptedFetch([
      networkDown(),
      status(503, 'Service Unavailable'),
      ok('[1]'),
    ]);
    const p = requestWithRetry('https://x/a', { fetch });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toMatchObject({ status: 200, body: '[1]', attempts: 3 });
  });

  it('reports "Network error: {message}" with status 0 after the last retry', async () => {
    const { fetch, calls } = scriptedFetch([networkDown()]);
    const p = requestWithRetry('https://x/a', { fetch });
    const settled = expect(p).rejects.toMatchObject({
      message: 'Network error: Failed to fetch',
      status: 0,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
    expect(calls).toHaveLength(3);
    await expect(p).rejects.toBeInstanceOf(NetworkError);
  });

  it('reports "API error: {status} {statusText}" and does not retry a 404', async () => {
    const { fetch, calls } = scriptedFetch([status(404, 'Not Found')]);
    await expect(requestWithRetry('https://x/a', { fetch })).rejects.toMatchObject({
      message: 'API error: 404 Not Found',
      status: 404,
    });
    expect(calls).toHaveLength(1);
    const err = await requestWithRetry('https://x/a', { fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
  });

  it('treats 304 as success without a body', async () => {
    const { fetch } = scriptedFetch([() => Promise.resolve(new Response(null, { status: 304 }))]);
    await expect(requestWithRetry('https://x/a', { fetch })).resolves.toMatchObject({
      status: 304,
      body: null,
    });
  });
});

describe('what a request carries', () => {
  it('asks the browser for no Referer and no cached answer', async () => {
    const inits: RequestInit[] = [];
    const fetch: FetchLike = (_url, init) => {
      inits.push(init);
      return Promise.resolve(new Response('{}', { status: 200 }));
    };
    await requestWithRetry('https://api.test/functions/v1/space-weather/kp-1m', { fetch });
    expect(inits).toEqual([
      expect.objectContaining({ referrerPolicy: 'no-referrer', cache: 'no-store' }),
    ]);
  });
});

describe('in-flight de-duplication', () => {
  it('sends one request for two asks while the first is running, and a new one afterwards', async () => {
    const inFlight = createInFlight();
    let started = 0;
    const start = () => {
      started++;
      return new Promise<string>((resolve) => setTimeout(() => resolve(`r${started}`), 100));
    };
    const a = inFlight.run('kp', start);
    const b = inFlight.run('kp', start);
    expect(inFlight.size).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(await a).toBe('r1');
    expect(await b).toBe('r1');
    const c = inFlight.run('kp', start);
    await vi.advanceTimersByTimeAsync(100);
    expect(await c).toBe('r2');
    expect(started).toBe(2);
  });
});

describe('batching', () => {
  it('holds normal requests for the 50 ms window and sends at most 20 per batch', async () => {
    const batcher = createBatcher();
    const sent: number[] = [];
    const all = Array.from({ length: 25 }, (_, i) =>
      batcher.schedule(() => {
        sent.push(i);
        return Promise.resolve(i);
      }),
    );
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(49);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(20);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toHaveLength(25);
    expect(await Promise.all(all)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(batcher.batchesSent).toBe(2);
  });

  it('sends a high-priority request at once', async () => {
    const batcher = createBatcher();
    const sent: string[] = [];
    void batcher.schedule(() => Promise.resolve(sent.push('normal')));
    await batcher.schedule(() => Promise.resolve(sent.push('high')), 'high');
    expect(sent).toEqual(['high']);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toEqual(['high', 'normal']);
  });
});

describe('conditional requests', () => {
  it('sends the stored ETag (which wins over a date), else the Last-Modified, and reads new ones', () => {
    expect(
      conditionalHeaders({ etag: '"abc"', lastModified: 'Sun, 22 Nov 2026 04:00:00 GMT' }),
    ).toEqual({ 'If-None-Match': '"abc"' });
    expect(
      conditionalHeaders({ etag: null, lastModified: 'Sun, 22 Nov 2026 04:00:00 GMT' }),
    ).toEqual({ 'If-Modified-Since': 'Sun, 22 Nov 2026 04:00:00 GMT' });
    expect(conditionalHeaders(null)).toEqual({});
    expect(readValidators(new Headers({ etag: '"x"' }))).toEqual({
      etag: '"x"',
      lastModified: null,
    });
  });
});

describe('fetching a resource', () => {
  it('asks the backend path under the configured base, with validators, and knows replayed data', async () => {
    const { fetch, calls } = scriptedFetch([
      ok('[]', { etag: '"v2"', 'x-aurora-source': 'replay' }),
    ]);
    const out = await fetchResource('kp-index', {
      fetch,
      backendBase: 'http://localhost:54321/',
      validators: { etag: '"v1"', lastModified: null },
    });
    expect(calls[0]?.url).toBe('http://localhost:54321/functions/v1/space-weather/kp-index');
    expect(calls[0]?.headers['If-None-Match']).toBe('"v1"');
    expect(out).toMatchObject({
      kind: 'body',
      via: 'backend',
      replay: true,
      validators: { etag: '"v2"' },
    });
  });

  it('falls back to SWPC directly when the backend cannot be reached', async () => {
    const { fetch, calls } = scriptedFetch([networkDown(), networkDown(), networkDown(), ok('[]')]);
    const p = fetchResource('aurora-oval', {
      fetch,
      backendBase: 'http://localhost:54321',
      validators: null,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    const out = await p;
    expect(calls.map((c) => c.url)).toEqual([
      'http://localhost:54321/functions/v1/space-weather/aurora-oval',
      'http://localhost:54321/functions/v1/space-weather/aurora-oval',
      'http://localhost:54321/functions/v1/space-weather/aurora-oval',
      'https://services.swpc.noaa.gov/json/ovation_aurora_latest.json',
    ]);
    expect(out).toMatchObject({ kind: 'body', via: 'swpc', replay: false });
  });

  it('does not fall back on a 4xx from the backend other than 404', async () => {
    const { fetch, calls } = scriptedFetch([status(403, 'Forbidden')]);
    await expect(
      fetchResource('alerts', { fetch, backendBase: 'http://b', validators: null }),
    ).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(1);
  });

  it('reports 304 from upstream as not modified', async () => {
    const { fetch } = scriptedFetch([() => Promise.resolve(new Response(null, { status: 304 }))]);
    await expect(
      fetchResource('kp-index', {
        fetch,
        backendBase: null,
        validators: { etag: '"a"', lastModified: null },
      }),
    ).resolves.toMatchObject({ kind: 'not-modified', via: 'swpc' });
  });

  it('asks SWPC for the rtsw file, never the compact form, when going direct', async () => {
    const { fetch, calls } = scriptedFetch([ok('[]')]);
    const out = await fetchResource('solar-wind', {
      fetch,
      backendBase: null,
      validators: null,
      compact: { since: 1 },
    });
    expect(calls[0]?.url).toBe('https://services.swpc.noaa.gov/json/rtsw/rtsw_wind_1m.json');
    expect(out).toMatchObject({ kind: 'body', form: 'raw' });
  });

  it('asks the backend for the compact rows since a time, and reads the form from the answer', async () => {
    const compact = () =>
      Promise.resolve(
        new Response('{}', { status: 200, headers: { 'x-aurora-form': 'rows', etag: '"e"' } }),
      );
    const { fetch, calls } = scriptedFetch([compact, ok('[]')]);
    const opts = { fetch, backendBase: 'https://b.example', validators: null };
    const out = await fetchResource('magnetic-field', { ...opts, compact: { since: 1_700_000 } });
    expect(calls[0]?.url).toBe(
      'https://b.example/functions/v1/space-weather/magnetic-field?format=compact&since=1700000',
    );
    expect(out).toMatchObject({ kind: 'body', form: 'compact', via: 'backend' });
    // An answer without the header (an older backend) is the agency's file.
    await expect(
      fetchResource('magnetic-field', { ...opts, compact: { since: null } }),
    ).resolves.toMatchObject({ form: 'raw' });
    expect(calls[1]?.url).toBe(
      'https://b.example/functions/v1/space-weather/magnetic-field?format=compact',
    );
  });
});

describe('retired SWPC products', () => {
  it('asks the 7-day products file when the rtsw file answers 404', async () => {
    const { fetch, calls } = scriptedFetch([status(404, 'Not Found'), ok('[]')]);
    const out = await fetchResource('magnetic-field', {
      fetch,
      backendBase: null,
      validators: { etag: '"old"', lastModified: null },
    });
    expect(calls.map((c) => c.url)).toEqual([
      'https://services.swpc.noaa.gov/json/rtsw/rtsw_mag_1m.json',
      'https://services.swpc.noaa.gov/products/solar-wind/mag-7-day.json',
    ]);
    // The old file's validators mean nothing to the other file.
    expect(calls[1]?.headers['If-None-Match']).toBeUndefined();
    expect(out).toMatchObject({ kind: 'body', via: 'swpc' });
  });
});
