import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../server/bodyLimit.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
const log: string[] = [];
beforeAll(async () => {
  stack = await startTestStack({
    distDir: join(import.meta.dirname, 'fixtures/app-build'),
    log: (l) => log.push(l),
  });
});
afterAll(async () => {
  await stack?.stop();
});

const HUNDRED_MB = 100 * 1024 * 1024;

/**
 * POSTs up to 100 MB in 64 KB chunks (declared up front, or chunked) and stops sending once the
 * server answers. Resolves with the answer and how much was sent by then.
 */
function sendHuge(
  path: string,
  declare: boolean,
): Promise<{ status: number; body: string; sent: number }> {
  const url = new URL(path, stack.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          ...(declare ? { 'content-length': String(HUNDRED_MB) } : {}),
        },
      },
      (res: IncomingMessage) => {
        answered = true;
        let body = '';
        res.on('data', (b: Buffer) => (body += b.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
        res.on('error', reject);
      },
    );
    // The server closing the connection mid-upload is expected once it has answered.
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sent < HUNDRED_MB) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request size limits in the gateway', () => {
  it('answers a body declared at 100 MB with 413 and a message before reading it, on every API', async () => {
    for (const path of [
      '/auth/v1/signup',
      '/rest/v1/profiles',
      '/functions/v1/push-subscription',
    ]) {
      const r = await sendHuge(path, true);
      expect(r.status, path).toBe(413);
      expect(JSON.parse(r.body)).toEqual({
        message: `Request body too large: at most ${MAX_BODY_BYTES} bytes`,
      });
      expect(r.sent, path).toBeLessThan(HUNDRED_MB);
    }
  });

  it('cuts a chunked body off with 413 once it passes 1 MB, without waiting for the rest', async () => {
    for (const path of [
      '/auth/v1/signup',
      '/rest/v1/profiles',
      '/functions/v1/push-subscription',
    ]) {
      const r = await sendHuge(path, false);
      expect(r.status, path).toBe(413);
      expect(r.sent, path).toBeLessThan(HUNDRED_MB);
    }
    // The gateway still serves.
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
  });

  it('answers malformed % escapes with 400 and a message, on the API and the app', async () => {
    for (const path of [
      '/auth/v1/%E0%A4%A',
      '/functions/v1/space-weather/%zz',
      '/rest/v1/profiles%',
      '/deep/link/%C0%AF',
      '/%',
    ]) {
      const r = await fetch(`${stack.url}${path}`, { headers: { apikey: stack.anonKey } });
      expect(r.status, path).toBe(400);
      expect(((await r.json()) as { message: string }).message).toMatch(/^Malformed URL/);
    }
  });

  it('logs no stack trace for any of it', () => {
    expect(log.filter((l) => /\n\s+at /.test(l))).toEqual([]);
  });
});
