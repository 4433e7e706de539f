import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSdoImageHandler } from '../../../../../supabase/functions/sdo-image/handler.ts';
import { SdoImageService } from '../../../../../supabase/functions/sdo-image/service.ts';

/** Generated 16×16 JPEGs (tests/fixtures/sdo/SOURCES.md): real image bytes, two different pictures. */
const FRAME_A = new Uint8Array(
  readFileSync(new URL('../../../../fixtures/sdo/sun-0171-a.jpg', import.meta.url)),
);
const FRAME_B = new Uint8Array(
  readFileSync(new URL('../../../../fixtures/sdo/sun-0171-b.jpg', import.meta.url)),
);
const BASE = 'https://sdo.invalid';
const IMAGE_TIME = 'Sun, 22 Nov 2026 04:12:05 GMT';

interface Upstream {
  fetch: typeof fetch;
  calls: { url: string; headers: Headers }[];
}

/** A stand-in for NASA's SDO host (a third party across the network). */
function fakeUpstream(
  respond: (call: { url: string; headers: Headers }) => Response | Promise<Response>,
): Upstream {
  const calls: Upstream['calls'] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), headers: new Headers(init?.headers) };
    calls.push(call);
    // Let every concurrent caller arrive before the answer does.
    await new Promise((r) => setTimeout(r, 10));
    return respond(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

const jpeg = (bytes: Uint8Array, headers: Record<string, string> = {}) =>
  new Response(bytes.slice(), {
    status: 200,
    headers: {
      'content-type': 'image/jpeg',
      'last-modified': IMAGE_TIME,
      etag: '"nasa-1"',
      ...headers,
    },
  });

function setup(upstream: Upstream) {
  let now = Date.parse('2026-11-22T04:20:00Z');
  const service = new SdoImageService({
    baseUrl: BASE,
    fetch: upstream.fetch,
    now: () => now,
    cadenceMs: 15 * 60_000,
  });
  const handler = createSdoImageHandler(() => service);
  const get = (path: string, init: RequestInit = {}) =>
    handler(new Request(`http://localhost/functions/v1/sdo-image/${path}`, init));
  return { service, get, advance: (ms: number) => (now += ms) };
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('sdo-image function', () => {
  it('serves the channel picture from upstream with its image time, our ETag and caching rules', async () => {
    const upstream = fakeUpstream(() => jpeg(FRAME_A));
    const { get } = setup(upstream);
    const res = await get('0171');
    expect(res.status).toBe(200);
    expect(upstream.calls.map((c) => c.url)).toEqual([
      `${BASE}/assets/img/latest/latest_1024_0171.jpg`,
    ]);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('last-modified')).toBe(IMAGE_TIME);
    expect(res.headers.get('x-aurora-data-time')).toBe('2026-11-22T04:12:05.000Z');
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    expect(res.headers.get('etag')).toMatch(/^"sdo-[0-9a-f]{32}"$/);
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=900, stale-while-revalidate=900, stale-if-error=86400',
    );
    expect(await bytesOf(res)).toEqual(FRAME_A);
  });

  it('answers 304 to a matching ETag and to an If-Modified-Since at the image time', async () => {
    const { get } = setup(fakeUpstream(() => jpeg(FRAME_A)));
    const first = await get('0171');
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const byTag = await get('0171', { headers: { 'if-none-match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.headers.get('etag')).toBe(etag);
    expect(await byTag.text()).toBe('');
    expect((await get('0171', { headers: { 'if-modified-since': IMAGE_TIME } })).status).toBe(304);
    const other = await get('0171', { headers: { 'if-none-match': '"sdo-something-else"' } });
    expect(other.status).toBe(200);
    expect(await bytesOf(other)).toEqual(FRAME_A);
  });

  it('makes one upstream fetch for 50 concurrent callers of a channel', async () => {
    const upstream = fakeUpstream(() => jpeg(FRAME_A));
    const { get, service } = setup(upstream);
    const responses = await Promise.all(Array.from({ length: 50 }, () => get('0304')));
    expect(upstream.calls).toHaveLength(1);
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    for (const r of responses) expect(await bytesOf(r)).toEqual(FRAME_A);
    expect(service.stats()['0304']).toMatchObject({ upstreamFetches: 1, coalesced: 49 });
  });

  it('asks upstream again only after the cadence, conditionally, and takes the new frame', async () => {
    let frame = FRAME_A;
    const upstream = fakeUpstream((call) =>
      call.headers.get('if-none-match') === '"nasa-1"' && frame === FRAME_A
        ? new Response(null, { status: 304 })
        : jpeg(frame, { etag: frame === FRAME_A ? '"nasa-1"' : '"nasa-2"' }),
    );
    const { get, advance } = setup(upstream);
    await (await get('0193')).arrayBuffer();
    advance(10 * 60_000);
    const cached = await get('0193');
    expect(cached.headers.get('x-aurora-source')).toBe('cache');
    expect(cached.headers.get('cache-control')).toMatch(/^public, max-age=300,/);
    expect(upstream.calls).toHaveLength(1);
    advance(5 * 60_000);
    expect((await get('0193')).headers.get('x-aurora-source')).toBe('upstream');
    expect(upstream.calls[1]!.headers.get('if-none-match')).toBe('"nasa-1"');
    expect(upstream.calls[1]!.headers.get('if-modified-since')).toBe(IMAGE_TIME);
    frame = FRAME_B;
    advance(15 * 60_000);
    expect(await bytesOf(await get('0193'))).toEqual(FRAME_B);
  });

  it('replays the last kept frame, labelled a replay with its true time, while upstream cannot be reached', async () => {
    let down = false;
    const upstream = fakeUpstream(() => {
      if (down) throw new TypeError('getaddrinfo ENOTFOUND sdo.invalid');
      return jpeg(FRAME_A);
    });
    const { get, advance, service } = setup(upstream);
    await (await get('0211')).arrayBuffer();
    down = true;
    advance(16 * 60_000);
    const res = await get('0211');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(res.headers.get('last-modified')).toBe(IMAGE_TIME);
    expect(res.headers.get('x-aurora-data-time')).toBe('2026-11-22T04:12:05.000Z');
    // A failing host is asked again after a minute, not a whole cadence.
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=60,/);
    expect(await bytesOf(res)).toEqual(FRAME_A);
    expect(service.stats()['0211']).toMatchObject({
      lastUpstreamStatus: 'network-error',
      kept: true,
      replays: 1,
    });
  });

  it('never lets an HTML error page or a non-JPEG replace the kept frame', async () => {
    let answer: () => Response = () => jpeg(FRAME_A);
    const { get, advance, service } = setup(fakeUpstream(() => answer()));
    await (await get('1600')).arrayBuffer();
    answer = () =>
      new Response('<html><body>Service Unavailable</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    advance(16 * 60_000);
    const res = await get('1600');
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(await bytesOf(res)).toEqual(FRAME_A);
    expect(service.stats()['1600'].lastError).toBe(
      'Rejected upstream body: not a JPEG (text/html, 45 bytes)',
    );
  });

  it('answers 503 with a clear message when upstream fails and no frame was ever kept', async () => {
    const { get } = setup(
      fakeUpstream(() => new Response('busy', { status: 502, statusText: 'Bad Gateway' })),
    );
    const res = await get('HMIB');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      error:
        'No SDO HMIB image saved yet: the image server cannot be reached (Upstream answered 502 Bad Gateway) and no earlier picture was kept',
      channel: 'HMIB',
    });
  });

  it.each([
    ['an unknown channel', '0094'],
    ['a lower-case channel', 'hmib'],
    ['a parent-directory path', '..%2F..%2Fetc%2Fpasswd'],
    ['a channel with a file name', '0171.jpg'],
    ['a query smuggled into the path', '0171%3Fx%3D1'],
  ])('refuses %s without asking upstream', async (_what, path) => {
    const upstream = fakeUpstream(() => jpeg(FRAME_A));
    const { get } = setup(upstream);
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Unknown SDO channel "/);
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses a path below a channel and a raw ../ without asking upstream', async () => {
    const upstream = fakeUpstream(() => jpeg(FRAME_A));
    const { get } = setup(upstream);
    expect((await get('0171/../../secret')).status).toBe(404);
    expect((await get('0171/%2E%2E/x')).status).toBe(404);
    expect((await get('%2E%2E')).status).toBe(404);
    expect((await get('%2e%2e%2f0171')).status).toBe(404);
    const handler = createSdoImageHandler(
      () => new SdoImageService({ baseUrl: BASE, fetch: upstream.fetch, now: Date.now }),
    );
    // A URL the WHATWG parser did not normalise (as a raw HTTP request line can arrive).
    expect(
      (
        await handler({
          method: 'GET',
          url: 'http://localhost/functions/v1/sdo-image/../0171',
          headers: new Headers(),
        } as Request)
      ).status,
    ).toBe(404);
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers HEAD with the headers only, and refuses other methods', async () => {
    const { get } = setup(fakeUpstream(() => jpeg(FRAME_A)));
    const head = await get('HMIIC', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('last-modified')).toBe(IMAGE_TIME);
    expect(await head.text()).toBe('');
    expect((await get('HMIIC', { method: 'POST' })).status).toBe(405);
  });

  it('stops reading an upstream body without a declared length one byte past the 4 MB limit, and keeps the last frame', async () => {
    const CHUNK = 64 * 1024;
    const BODY = 16 * 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    let huge = false;
    const { get, service, advance } = setup(
      fakeUpstream(() => {
        if (!huge) return jpeg(FRAME_A);
        // 16 MB made on demand, JPEG-looking, with no Content-Length: only reading tells its size.
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulled >= BODY) return controller.close();
            const chunk = new Uint8Array(CHUNK);
            if (pulled === 0) chunk.set([0xff, 0xd8, 0xff, 0xe0]);
            pulled += CHUNK;
            controller.enqueue(chunk);
          },
          cancel() {
            cancelled = true;
          },
        });
        return new Response(body, { headers: { 'content-type': 'image/jpeg' } });
      }),
    );
    await (await get('0171')).arrayBuffer();
    huge = true;
    advance(15 * 60_000);
    const res = await get('0171');
    expect(res.headers.get('x-aurora-source')).toBe('replay');
    expect(await bytesOf(res)).toEqual(FRAME_A);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(4 * 1024 * 1024 + 2 * CHUNK);
    expect(service.stats()['0171']).toMatchObject({ rejectedBodies: 1 });
  });
});
