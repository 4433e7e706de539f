/**
 * The upstream cache the data functions share, against a fake upstream (the third party) on the
 * test's clock: coalescing, conditional GETs, the timeout, replays, the LRU bound, admission and
 * the counters `/stats` reports.
 */
import { describe, expect, it } from 'vitest';
import {
  UpstreamCache,
  type UpstreamCacheOptions,
} from '../../../../../supabase/functions/_shared/upstreamCache.ts';

const BASE = 'https://upstream.invalid';
const LAST_MODIFIED = 'Thu, 26 Nov 2026 18:00:00 GMT';
const CADENCE_MS = 60_000;

interface Call {
  url: string;
  headers: Headers;
  signal: AbortSignal | null;
}

/** A stand-in upstream: answers each call with `respond`, after every concurrent caller has arrived. */
function fakeUpstream(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      headers: new Headers(init?.headers),
      signal: init?.signal ?? null,
    };
    calls.push(call);
    await new Promise((r) => setTimeout(r, 0));
    return respond(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

/** An upstream that never answers; the fetch ends only when its signal aborts (as a real fetch does). */
function silentUpstream() {
  return fakeUpstream(
    (call) =>
      new Promise<Response>((_resolve, reject) => {
        call.signal?.addEventListener('abort', () => reject(call.signal!.reason as Error));
      }),
  );
}

const ok = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: { etag: '"up-1"', 'last-modified': LAST_MODIFIED, ...headers },
  });

/** A value that only parses from "good:" bodies, as a function's parser rejects what it cannot use. */
interface Parsed {
  text: string;
}

function setup(
  upstream: { fetch: typeof fetch },
  opts: Partial<UpstreamCacheOptions<string, Parsed>> = {},
) {
  let now = Date.parse('2026-11-26T18:05:00Z');
  /** Each fetch's timeout, aborted by the test instead of by a timer. */
  const timeouts: AbortController[] = [];
  const cache = new UpstreamCache<string, Parsed>({
    fetch: upstream.fetch,
    now: () => now,
    request: (key) => ({ url: `${BASE}/${key}`, headers: { accept: 'text/plain' } }),
    parse: (_key, body) => {
      const text = body.text();
      return text.startsWith('good:')
        ? { ok: true, value: { text }, dataTime: now }
        : { ok: false, error: `not good (${text.length} bytes)` };
    },
    nextCheckAt: (_key, { startedAt }) => startedAt + CADENCE_MS,
    timeoutMs: 8_000,
    timeoutSignal: () => {
      const c = new AbortController();
      timeouts.push(c);
      return c.signal;
    },
    ...opts,
  });
  const timeOut = () => {
    for (const c of timeouts) c.abort(new DOMException('The operation timed out.', 'TimeoutError'));
  };
  return { cache, advance: (ms: number) => (now += ms), now: () => now, timeOut };
}

async function served(cache: UpstreamCache<string, Parsed>, key: string) {
  const got = await cache.get(key);
  if (got.kind !== 'served') throw new Error(`expected a served body, got ${got.kind}`);
  return got.served;
}

describe('upstream cache', () => {
  it('makes one upstream fetch for 50 concurrent gets of a key, and every caller gets its body', async () => {
    const upstream = fakeUpstream(() => ok('good: one'));
    const { cache } = setup(upstream);
    const got = await Promise.all(Array.from({ length: 50 }, () => cache.get('kp')));
    expect(upstream.calls).toHaveLength(1);
    for (const g of got) {
      expect(g.kind).toBe('served');
      if (g.kind === 'served') {
        expect(g.served.entry.value.text).toBe('good: one');
        expect(g.served.source).toBe('upstream');
      }
    }
    expect(got.filter((g) => g.kind === 'served' && g.served.joined)).toHaveLength(49);
    expect(cache.counters('kp')).toMatchObject({
      upstreamFetches: 1,
      coalesced: 49,
      cacheHits: 0,
      lastUpstreamStatus: 200,
      lastError: null,
    });
  });

  it('serves the kept body as a cache hit within its time, and asks again only after it', async () => {
    const upstream = fakeUpstream(() => ok('good: one'));
    const { cache, advance } = setup(upstream);
    await cache.get('kp');
    advance(CADENCE_MS - 1_000);
    const hit = cache.peek('kp');
    expect(hit).toMatchObject({ source: 'cache', freshForMs: 1_000 });
    expect(upstream.calls).toHaveLength(1);
    advance(1_000);
    expect(cache.peek('kp')).toBeNull();
    await cache.get('kp');
    expect(upstream.calls).toHaveLength(2);
    expect(cache.counters('kp').cacheHits).toBe(1);
  });

  it('revalidates with upstream’s validators; a 304 keeps the same body and refreshes its time', async () => {
    const upstream = fakeUpstream((call) =>
      call.headers.get('if-none-match') === '"up-1"'
        ? new Response(null, { status: 304 })
        : ok('good: one'),
    );
    const { cache, advance, now } = setup(upstream);
    const first = await served(cache, 'kp');
    advance(CADENCE_MS);
    const second = await served(cache, 'kp');
    expect(upstream.calls[1]!.headers.get('if-none-match')).toBe('"up-1"');
    expect(upstream.calls[1]!.headers.get('if-modified-since')).toBe(LAST_MODIFIED);
    expect(second.entry.value).toBe(first.entry.value);
    expect(second.source).toBe('upstream');
    expect(second.entry.fetchedAt).toBe(now());
    expect(second.entry.freshUntil).toBe(now() + CADENCE_MS);
    expect(cache.counters('kp')).toMatchObject({ upstreamFetches: 2, upstreamNotModified: 1 });
  });

  it('sends only If-Modified-Since when told not to send the ETag back', async () => {
    const upstream = fakeUpstream(() => ok('good: one'));
    const { cache, advance } = setup(upstream, { sendEtag: false });
    await cache.get('kp');
    advance(CADENCE_MS);
    await cache.get('kp');
    expect(upstream.calls[1]!.headers.get('if-none-match')).toBeNull();
    expect(upstream.calls[1]!.headers.get('if-modified-since')).toBe(LAST_MODIFIED);
  });

  it('never lets a rejected body replace the kept one, and says why', async () => {
    let body = 'good: one';
    const { cache, advance } = setup(fakeUpstream(() => ok(body)));
    await cache.get('kp');
    body = '<html>busy</html>';
    advance(CADENCE_MS);
    const kept = await served(cache, 'kp');
    expect(kept.entry.value.text).toBe('good: one');
    expect(kept.source).toBe('cache');
    expect(cache.counters('kp')).toMatchObject({
      rejectedBodies: 1,
      lastError: 'Rejected upstream body: not good (17 bytes)',
    });
  });

  it('replays the stand-in when upstream times out with nothing kept', async () => {
    const upstream = silentUpstream();
    const { cache, timeOut } = setup(upstream, {
      replay: async (key) => ({ value: { text: `recorded ${key}` }, dataTime: 0 }),
    });
    const pending = cache.get('kp');
    await new Promise((r) => setTimeout(r, 5));
    timeOut();
    const got = await pending;
    expect(got).toMatchObject({
      kind: 'served',
      served: { source: 'replay', entry: { origin: 'replay', value: { text: 'recorded kp' } } },
    });
    expect(cache.counters('kp')).toMatchObject({
      lastUpstreamStatus: 'timeout',
      lastError: 'Upstream timed out',
      replays: 1,
    });
  });

  it('answers none when upstream times out with nothing kept and no stand-in, naming the key', async () => {
    const { cache, timeOut } = setup(silentUpstream(), { errorLabel: (key) => key });
    const pending = cache.get('69.7_19.0');
    await new Promise((r) => setTimeout(r, 5));
    timeOut();
    expect(await pending).toEqual({ kind: 'none' });
    expect(cache.counters('69.7_19.0').lastError).toBe('Upstream timed out for 69.7_19.0');
  });

  it('labels the kept body a replay while upstream fails, when the function says so', async () => {
    let down = false;
    const upstream = fakeUpstream(() => {
      if (down) throw new TypeError('getaddrinfo ENOTFOUND upstream.invalid');
      return ok('good: one');
    });
    const { cache, advance } = setup(upstream, { keptBodyIsReplay: true });
    await cache.get('0171');
    down = true;
    advance(CADENCE_MS);
    const kept = await served(cache, '0171');
    expect(kept).toMatchObject({ source: 'replay', entry: { origin: 'upstream' } });
    expect(cache.counters('0171')).toMatchObject({
      lastUpstreamStatus: 'network-error',
      lastError: 'Upstream unreachable: getaddrinfo ENOTFOUND upstream.invalid',
      replays: 1,
    });
  });

  it('rejects a body past the bound without reading it whole', async () => {
    const big = 'good: ' + 'x'.repeat(100);
    const { cache } = setup(
      fakeUpstream(() => ok(big)),
      { maxBodyBytes: 50, bodyName: 'a line' },
    );
    expect(await cache.get('kp')).toEqual({ kind: 'none' });
    expect(cache.counters('kp')).toMatchObject({
      rejectedBodies: 1,
      lastError: 'Rejected upstream body: more than 50 bytes is too large for a line',
    });
  });

  it('forgets the least recently asked key past its bound', async () => {
    const upstream = fakeUpstream((call) => ok(`good: ${call.url}`));
    const { cache } = setup(upstream, { maxEntries: 2 });
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c');
    expect(cache.entry('b')).toBeNull();
    expect(cache.entry('a')).not.toBeNull();
    expect(cache.entry('c')).not.toBeNull();
    expect(cache.size).toBe(2);
    expect(cache.totals().evicted).toBe(1);
  });

  it('never forgets a key being fetched, even the least recently asked', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const upstream = fakeUpstream(async (call) => {
      if (call.url.endsWith('/slow')) await gate;
      return ok(`good: ${call.url}`);
    });
    const { cache } = setup(upstream, { maxEntries: 2 });
    const slow = cache.get('slow');
    await cache.get('b');
    await cache.get('c');
    expect(cache.entry('b')).toBeNull();
    release();
    expect(await slow).toMatchObject({ kind: 'served', served: { source: 'upstream' } });
    expect(cache.entry('slow')).not.toBeNull();
    expect(cache.totals().evicted).toBe(1);
  });

  it('asks the admission before fetching: a refusal answers busy, costs no fetch and no back-off', async () => {
    const upstream = fakeUpstream(() => ok('good: one'));
    let open = false;
    const { cache } = setup(upstream, {
      admit: () => Promise.resolve(open ? { ok: true } : { ok: false, retryAfterMs: 1_500 }),
    });
    expect(await cache.get('kp', { maxWaitMs: 1_000 })).toEqual({
      kind: 'busy',
      retryAfterMs: 1_500,
    });
    expect(upstream.calls).toHaveLength(0);
    open = true;
    expect((await served(cache, 'kp')).source).toBe('upstream');
    expect(cache.counters('kp')).toMatchObject({ budgetRefused: 1, upstreamFetches: 1 });
  });

  it('counts per key and in total; a success clears the key’s error but the total keeps the last one', async () => {
    let status = 503;
    const upstream = fakeUpstream(() =>
      status === 200
        ? ok('good: one')
        : new Response('busy', { status, statusText: 'Service Unavailable' }),
    );
    const { cache, advance } = setup(upstream);
    await cache.get('a');
    status = 200;
    await cache.get('b');
    advance(CADENCE_MS);
    await cache.get('a');
    expect(cache.counters('a')).toMatchObject({
      upstreamFetches: 2,
      lastUpstreamStatus: 200,
      lastError: null,
    });
    expect(cache.totals()).toMatchObject({
      upstreamFetches: 3,
      lastError: 'Upstream answered 503 Service Unavailable',
      evicted: 0,
    });
    expect(cache.counters('never-asked').upstreamFetches).toBe(0);
  });
});
