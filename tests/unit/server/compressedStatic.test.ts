import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createStaticHandler } from '../../../server/static.ts';
import { negotiateEncoding } from '../../../server/contentEncoding.ts';
import { precompressDir } from '../../../scripts/vite/precompress.ts';

describe('Accept-Encoding negotiation', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers brotli, then gzip, then identity', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(negotiateEncoding('gzip, deflate', both)).toBe('gzip');
    expect(negotiateEncoding('deflate', both)).toBe('identity');
    expect(negotiateEncoding(null, both)).toBe('identity');
  });
  it('honours q-values, a refused coding and the wildcard', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(negotiateEncoding('*;q=0.3, br;q=0', both)).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('identity', both)).toBe('identity');
  });
  it('never picks a coding the file has no sibling for', () => {
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the static handler serving a precompressed build', () => {
  let dir: string;
  let server: Server;
  let base: string;
  const js = `export const stars = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, x: i * 7 })))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aurora-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><title>Map</title>${'<p>map</p>'.repeat(200)}`,
    );
    writeFileSync(
      join(dir, 'forecast.html'),
      `<!doctype html><title>Forecast</title>${'<p>forecast</p>'.repeat(200)}`,
    );
    writeFileSync(
      join(dir, 'shell.html'),
      `<!doctype html><title>Shell</title>${'<p>shell</p>'.repeat(200)}`,
    );
    writeFileSync(join(dir, 'sw.js'), `self.x = ${JSON.stringify('y'.repeat(3000))};`);
    writeFileSync(
      join(dir, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Aurora', pad: 'z'.repeat(2000) }),
    );
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4000, 7));
    precompressDir(dir);
    const handler = createStaticHandler(dir);
    server = createServer(handler);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((ok) => server.close(ok));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with Vary and a length', async () => {
    const r = await get(base, '/assets/index-abc123.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(js.length / 3);
    expect(brotliDecompressSync(r.body).toString()).toBe(js);
  });

  it('sends gzip when brotli is not accepted, and the file as is when nothing is', async () => {
    const gz = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await get(base, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(js);
  });

  it('sends an image as is, without Vary', async () => {
    const r = await get(base, '/icon.png', { 'accept-encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(r.body.length).toBe(4000);
  });

  it('marks hashed assets immutable and the HTML, the service worker and the manifest no-cache', async () => {
    expect((await get(base, '/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/forecast', '/sw.js', '/manifest.webmanifest']) {
      expect(
        (await get(base, path, { 'accept-encoding': 'br' })).headers['cache-control'],
        path,
      ).toBe('no-cache');
    }
  });

  it('answers an unchanged file 304 for its own representation only', async () => {
    const first = await get(base, '/sw.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await get(base, '/sw.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip bytes are another representation: the brotli validator does not stand for them.
    const other = await get(base, '/sw.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('answers a route with its prerendered HTML, any other app path with the generic shell, and a missing asset 404', async () => {
    expect(
      brotliDecompressSync(
        (await get(base, '/forecast', { 'accept-encoding': 'br' })).body,
      ).toString(),
    ).toContain('<title>Forecast');
    expect((await get(base, '/forecast/')).body.toString()).toContain('<title>Forecast');
    expect((await get(base, '/')).body.toString()).toContain('<title>Map');
    expect((await get(base, '/news-guides/some-article')).body.toString()).toContain(
      '<title>Shell',
    );
    expect((await get(base, '/assets/gone-123.js')).status).toBe(404);
  });
});
