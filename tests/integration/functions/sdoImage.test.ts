import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/** A generated 16×16 JPEG (tests/fixtures/sdo/SOURCES.md): real image bytes. */
const FRAME = readFileSync(new URL('../../fixtures/sdo/sun-0171-a.jpg', import.meta.url));
const IMAGE_TIME = 'Sun, 22 Nov 2026 04:12:05 GMT';

/** A stand-in for NASA's SDO host on loopback: 0171 is served, HMIB's connection is dropped. */
let upstream: { url: string; paths: string[]; server: Server };
let stack: TestStack;
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/functions/v1/sdo-image/${path}`, { headers });

beforeAll(async () => {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/assets/img/latest/latest_1024_0171.jpg') {
      res
        .writeHead(200, {
          'content-type': 'image/jpeg',
          'last-modified': IMAGE_TIME,
          etag: '"nasa-0171"',
        })
        .end(FRAME);
    } else req.socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server };
  stack = await startTestStack({ functionEnv: { SDO_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((r) => {
    upstream?.server.closeAllConnections();
    upstream?.server.close(() => r());
  });
});

describe('sdo-image through the local gateway', () => {
  it('serves the channel picture from our own origin with one upstream fetch for 20 concurrent callers', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => get('0171')));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of responses) expect(Buffer.from(await r.arrayBuffer()).equals(FRAME)).toBe(true);
    expect(
      upstream.paths.filter((p) => p === '/assets/img/latest/latest_1024_0171.jpg'),
    ).toHaveLength(1);
    const res = responses[0]!;
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(FRAME.length));
    expect(res.headers.get('last-modified')).toBe(IMAGE_TIME);
    expect(res.headers.get('cache-control')).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=900, stale-if-error=86400$/,
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 304 to the ETag it gave', async () => {
    const first = await get('0171');
    await first.arrayBuffer();
    const again = await get('0171', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('says plainly that no picture is saved yet when the host cannot be reached and none was kept', async () => {
    const res = await get('HMIB');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^No SDO HMIB image saved yet: the image server cannot be reached \(Upstream unreachable: /,
    );
  });

  it('refuses unknown channels and encoded traversal without asking the host', async () => {
    const before = upstream.paths.length;
    for (const path of ['0094', '..%2F..%2Fetc%2Fpasswd', '0171%2F..%2F..%2Fsecret', 'stats%00']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    expect(upstream.paths.length).toBe(before);
  });
});
