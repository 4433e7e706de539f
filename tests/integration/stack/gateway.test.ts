import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { testClient } from '../../support/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    functionsDir: join(import.meta.dirname, 'fixtures/functions'),
    functionEnv: { EXTRA: 'from-test' },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the gateway', () => {
  it('runs a function handler with the Supabase environment and the request unchanged', async () => {
    const client = testClient(stack.url, stack.anonKey);
    const { data, error } = await client.functions.invoke('echo/sub/path?x=1', {
      body: { hello: 'aurora' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      url: `${stack.url}/functions/v1/echo/sub/path?x=1`,
      method: 'POST',
      body: JSON.stringify({ hello: 'aurora' }),
      authorization: `Bearer ${stack.anonKey}`,
      env: {
        SUPABASE_URL: stack.url,
        SUPABASE_ANON_KEY: stack.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
        SUPABASE_JWT_SECRET: stack.jwtSecret,
        EXTRA: 'from-test',
      },
    });
  });

  it('publishes the anon key in the auth settings, and no VAPID key when push alerts are off', async () => {
    const settings = (await (await fetch(`${stack.url}/auth/v1/settings`)).json()) as Record<
      string,
      unknown
    >;
    expect(settings.anon_key).toBe(stack.anonKey);
    expect(settings).not.toHaveProperty('vapid_public_key');
  });

  it('sends a one-piece answer with its length and a streamed one in chunks, each header once (the handler’s own CORS wins)', async () => {
    const raw = (path: string) =>
      new Promise<{ headers: string[]; body: string }>((resolve, reject) => {
        request(`${stack.url}${path}`, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ headers: res.rawHeaders, body }));
        })
          .on('error', reject)
          .end();
      });
    const values = (headers: string[], name: string) =>
      headers.filter((_, i) => i % 2 === 1 && headers[i - 1]!.toLowerCase() === name);
    const whole = await raw('/functions/v1/echo/x');
    expect(values(whole.headers, 'content-length')).toEqual([
      String(Buffer.byteLength(whole.body)),
    ]);
    expect(values(whole.headers, 'access-control-allow-origin')).toEqual(['*']);
    const streamed = await raw('/functions/v1/stream');
    expect(streamed.body).toBe('first,second,third');
    expect(values(streamed.headers, 'transfer-encoding')).toEqual(['chunked']);
    expect(values(streamed.headers, 'access-control-allow-origin')).toEqual([
      'https://app.example',
    ]);
    expect(values(streamed.headers, 'set-cookie')).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('serves /api/* from the functions base', async () => {
    const r = await fetch(`${stack.url}/api/echo/space`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { url: string }).url).toBe(`${stack.url}/functions/v1/echo/space`);
    expect(r.headers.get('etag')).toBe('"echo"');
  });

  it('answers JSON errors for a missing or failing function', async () => {
    const missing = await fetch(`${stack.url}/functions/v1/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('NOT_FOUND');
    const broken = await fetch(`${stack.url}/functions/v1/broken`);
    expect(broken.status).toBe(500);
    expect(((await broken.json()) as { code: string }).code).toBe('WORKER_ERROR');
    const traversal = await fetch(`${stack.url}/functions/v1/..%2F..%2Fserver/x`);
    expect(traversal.status).toBe(404);
  });

  it('requires a valid project key on REST, like the hosted API gateway', async () => {
    expect((await fetch(`${stack.url}/rest/v1/profiles`)).status).toBe(401);
    expect(
      (await fetch(`${stack.url}/rest/v1/profiles`, { headers: { apikey: 'not-a-key' } })).status,
    ).toBe(401);
    const ok = await fetch(`${stack.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: stack.serviceRoleKey },
    });
    expect(ok.status).toBe(200);
  });

  it('answers CORS preflights for the APIs', async () => {
    const r = await fetch(`${stack.url}/rest/v1/profiles`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PATCH' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('refuses a realtime connection without a valid key', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=bad&vsn=2.0.0`,
    );
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('error', () => resolve('error'));
    });
    expect(outcome).toBe('401');
    ws.terminate();
  });
});
