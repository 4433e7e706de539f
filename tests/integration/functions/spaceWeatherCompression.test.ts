import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { startTestUpstream, type TestUpstream } from '../../support/testUpstream.ts';
import { constructed } from '../../support/constructedSwpc.ts';

const KP = constructed('noaa-planetary-k-index.json');

let stack: TestStack;
let upstream: TestUpstream;

/** A raw GET (node:http, which decompresses nothing), so the test sees the bytes as sent. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${stack.url}${path}`,
      { headers: { apikey: stack.anonKey, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  upstream.set('products/noaa-planetary-k-index.json', KP);
  stack = await startTestStack({ functionEnv: { SWPC_BASE_URL: upstream.url } });
});
afterAll(async () => {
  await stack?.stop();
  await upstream?.close();
});

describe('space-weather answers through the gateway, compressed', () => {
  it('sends brotli to a client that accepts it, on the first (cold) answer and on cached ones', async () => {
    for (let i = 0; i < 3; i += 1) {
      const r = await rawGet('/functions/v1/space-weather/kp-index', {
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(r.body.length).toBeLessThan(Buffer.byteLength(KP) / 2);
      expect(brotliDecompressSync(r.body).toString()).toBe(KP);
      // Another representation than the stored body's: its validator is weak.
      expect(r.headers.etag).toMatch(/^W\/"sw-[0-9a-f]{32}"$/);
    }
    expect(upstream.count('products/noaa-planetary-k-index.json')).toBe(1);
  });

  it('sends gzip when brotli is refused, and the JSON as it is when nothing is accepted', async () => {
    const gz = await rawGet('/functions/v1/space-weather/kp-index', {
      'accept-encoding': 'br;q=0, gzip',
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(KP);
    const plain = await rawGet('/functions/v1/space-weather/kp-index', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(KP);
    expect(plain.headers.etag).toMatch(/^"sw-[0-9a-f]{32}"$/);
  });

  it('answers 304 to the weak validator of a compressed copy', async () => {
    const first = await rawGet('/functions/v1/space-weather/kp-index', { 'accept-encoding': 'br' });
    const again = await rawGet('/functions/v1/space-weather/kp-index', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses the compact form and the multi answer too, answers 304 to the compressed copy’s validator, and sends no preflight-only CORS headers', async () => {
    const path = '/functions/v1/space-weather/kp-index?format=compact';
    const first = await rawGet(path, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['x-aurora-form']).toBe('rows');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['access-control-expose-headers']).toContain('x-aurora-form');
    expect(first.headers['access-control-allow-headers']).toBeUndefined();
    expect(first.headers['access-control-allow-methods']).toBeUndefined();
    const body = JSON.parse(
      (first.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(first.body)
        : first.body
      ).toString(),
    ) as { format: string; series: { product: string }[] };
    expect(body).toMatchObject({ format: 'aurora-compact/1', series: [{ product: 'kp-3h' }] });
    expect(first.headers.etag).toMatch(/^(W\/)?"sw-[0-9a-f]{32}-c"$/);
    const again = await rawGet(`${path}&since=1`, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);

    const multi = await rawGet(
      '/functions/v1/space-weather/multi?kp-index=.&three-day-forecast=.',
      { 'accept-encoding': 'br' },
    );
    expect(multi.status).toBe(200);
    expect(multi.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(multi.body).toString()) as {
      items: { resource: string; status: number }[];
    };
    expect(answer.items.map((i) => i.resource)).toEqual(['kp-index', 'three-day-forecast']);
    expect(answer.items[0]!.status).toBe(200);
    // No SWPC copy of the forecast upstream here: its constructed replay file, labelled a replay.
    expect(answer.items[1]).toMatchObject({ status: 200, source: 'replay' });
  });
});
