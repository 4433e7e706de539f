/**
 * Two tabs of one browser replay the same queue at the same moment (both saw `online`): with the
 * real IndexedDB, the real RxDB multi-instance database and Chromium's own Web Locks, each
 * request goes out once, one at a time, and takes effect once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestPage } from '../../../support/buildTestPage.ts';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HERE = fileURLToPath(new URL('../../../support/queueHarness/', import.meta.url));
const OUT = join(HERE, `../../../.tmp/queue-harness-${process.pid}`);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** Serves the built page and an endpoint that honours Idempotency-Key like our functions do. */
function startServer(dir: string) {
  const state = {
    deliveries: [] as string[],
    effects: new Map<string, string>(),
    inFlight: 0,
    maxInFlight: 0,
  };
  const answers = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/effect' && req.method === 'POST') {
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      res.on('close', () => state.inFlight--);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        // A few milliseconds per request, so two senders would overlap.
        setTimeout(() => {
          const key = String(req.headers['idempotency-key']);
          state.deliveries.push(key);
          const stored = answers.get(key);
          if (stored === undefined) {
            state.effects.set(key, Buffer.concat(chunks).toString('utf8'));
            answers.set(key, JSON.stringify({ ok: true }));
          }
          res
            .writeHead(stored === undefined ? 201 : 200, { 'content-type': 'application/json' })
            .end(answers.get(key));
        }, 5),
      );
      return;
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise<{ url: string; state: typeof state; stop(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        stop: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

describe.runIf(existsSync(CHROMIUM))('the request queue in two tabs of Chromium', () => {
  beforeAll(async () => {
    await buildTestPage(HERE, OUT);
    server = await startServer(OUT);
    browser = await chromium.launch({ executablePath: CHROMIUM });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('sends each request once, one at a time, when both tabs replay at once', async () => {
    const context = await browser!.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      const name = `queue-tabs-${Date.now()}`;
      for (const page of [a, b]) {
        await page.goto(`${server!.url}/`);
        await page.waitForFunction(() => 'queueHarness' in globalThis);
        // String expressions: tsx would wrap an arrow function in helpers the page does not have.
        await page.evaluate(`globalThis.queueHarness.open(${JSON.stringify(name)})`);
      }
      expect(await a.evaluate('globalThis.queueHarness.hasWebLocks()')).toBe(true);
      const keys = (await a.evaluate('globalThis.queueHarness.enqueue(40)')) as string[];
      const [ra, rb] = (await Promise.all([
        a.evaluate('globalThis.queueHarness.replay()'),
        b.evaluate('globalThis.queueHarness.replay()'),
      ])) as {
        sent: number;
        failed: number;
        remaining: number;
      }[];
      expect(ra!.sent + rb!.sent).toBe(40);
      expect([ra!.failed, rb!.failed, ra!.remaining, rb!.remaining]).toEqual([0, 0, 0, 0]);
      expect(server!.state.maxInFlight).toBe(1);
      expect(server!.state.deliveries).toEqual(keys);
      expect([...server!.state.effects.keys()]).toEqual(keys);
    } finally {
      await context.close();
    }
  }, 60_000);
});
