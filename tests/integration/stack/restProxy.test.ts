import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  // What PostgREST itself received: it hands the request's headers to SQL as `request.headers`.
  await stack.sql(
    `create function public.echo_request_headers() returns json language sql stable as $$ select current_setting('request.headers', true)::json $$`,
  );
  await stack.sql(`grant execute on function public.echo_request_headers() to anon`);
  await stack.sql(`notify pgrst, 'reload schema'`);
  // The schema cache reloads in the background: wait until the function is served.
  for (;;) {
    const res = await fetch(`${stack.url}/rest/v1/rpc/echo_request_headers`, {
      headers: { apikey: stack.anonKey },
    });
    await res.body?.cancel();
    if (res.status !== 404) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await stack?.stop();
});

interface RawAnswer {
  status: number;
  rawHeaders: string[];
  body: string;
}

/** One request on its own connection, the way nginx in front of the gateway sends them. */
function send(path: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.url}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const headerValues = (a: RawAnswer, name: string) =>
  a.rawHeaders.filter((_, i) => i % 2 === 0 && a.rawHeaders[i]!.toLowerCase() === name).length;

describe('the REST proxy', () => {
  it('forwards no hop-by-hop header to PostgREST: Connection, Keep-Alive, TE, Upgrade, nor a field Connection names', async () => {
    const answer = await send('/rest/v1/rpc/echo_request_headers', {
      apikey: stack.anonKey,
      connection: 'close, x-hop-secret',
      'keep-alive': 'timeout=5',
      te: 'trailers',
      'x-hop-secret': 'for the next hop only',
      'x-end-to-end': 'kept',
    });
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body) as Record<string, string>;
    expect(seen['x-end-to-end']).toBe('kept');
    expect(seen.apikey).toBe(stack.anonKey);
    for (const name of ['keep-alive', 'te', 'x-hop-secret'])
      expect(seen, name).not.toHaveProperty(name);
    // The proxy's own connection to PostgREST may say keep-alive; the client's close is not passed on.
    expect(seen.connection ?? 'keep-alive').toBe('keep-alive');
  });

  it('answers every REST request of 30 clients that each send Connection: close', async () => {
    const clients = 30;
    const perClient = 20;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let i = 0; i < perClient; i++) {
          const a = await send('/rest/v1/space_weather_archive?select=resource&limit=1', {
            apikey: stack.anonKey,
            connection: 'close',
          });
          statuses.push(a.status);
        }
      }),
    );
    expect(statuses).toHaveLength(clients * perClient);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('sends one Access-Control-Allow-Origin on a REST answer to a cross-origin request', async () => {
    const answer = await send('/rest/v1/space_weather_archive?select=resource&limit=1', {
      apikey: stack.anonKey,
      origin: 'http://localhost:5173',
    });
    expect(answer.status).toBe(200);
    expect(headerValues(answer, 'access-control-allow-origin')).toBe(1);
    expect(headerValues(answer, 'access-control-expose-headers')).toBe(1);
  });

  it("lets a function's preflight carry Idempotency-Key, as the request queue sends it", async () => {
    const answer = await send(
      '/functions/v1/push-subscription',
      {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,apikey,content-type,idempotency-key',
      },
      'OPTIONS',
    );
    expect(answer.status).toBe(204);
    const allowed = answer.rawHeaders[
      answer.rawHeaders.findIndex((h) => h.toLowerCase() === 'access-control-allow-headers') + 1
    ]!.split(',').map((h) => h.trim().toLowerCase());
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'apikey', 'content-type', 'idempotency-key']),
    );
  });
});
