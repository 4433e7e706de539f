import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeApiKeys } from '../../../../server/auth/jwt.ts';
import {
  DEFAULT_REALTIME_LIMITS,
  RealtimeServer,
} from '../../../../server/realtime/RealtimeServer.ts';

const SECRET = 'realtime-limits-test-secret-0123456789abcdef';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** The real RealtimeServer behind a loopback HTTP server, on a clock the test moves; joins never touch the pool. */
async function serve() {
  let t = 1_700_000_000_000;
  const realtime = new RealtimeServer({
    jwtSecret: SECRET,
    pool: {} as pg.Pool,
    log: () => undefined,
    now: () => t,
  });
  const server: Server = createServer();
  server.on('upgrade', (req, socket, head) => void realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(async () => {
    realtime.close();
    await new Promise((r) => server.close(r));
  });
  const { anonKey } = await makeApiKeys(SECRET);
  const ws = new WebSocket(
    `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`,
  );
  await new Promise((r, j) => (ws.once('open', r), ws.once('error', j)));
  const replies = new Map<string, { status: string; response: { reason?: string } }>();
  ws.on('message', (d) => {
    const [, ref, , event, payload] = JSON.parse(String(d)) as [
      string,
      string,
      string,
      string,
      { status: string; response: { reason?: string } },
    ];
    if (event === 'phx_reply') replies.set(ref, payload);
  });
  let ref = 0;
  /** Joins a topic (as realtime-js does) and resolves with the server's reply. */
  const join = async (topic: string) => {
    const r = String(++ref);
    ws.send(
      JSON.stringify([
        r,
        r,
        `realtime:${topic}`,
        'phx_join',
        { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'profiles' }] } },
      ]),
    );
    while (!replies.has(r)) await new Promise((res) => setTimeout(res, 2));
    return replies.get(r)!;
  };
  return { join, advance: (ms: number) => (t += ms) };
}

describe('realtime limits per socket', () => {
  it('are 100 channels, 10 joins a second and 100 bindings a channel', () => {
    expect(DEFAULT_REALTIME_LIMITS).toEqual({
      channelsPerSocket: 100,
      joinsPerSecond: 10,
      bindingsPerChannel: 100,
    });
  });

  it('refuses the 11th join within a second with a Phoenix error naming the limit, and accepts it a second later', async () => {
    const { join, advance } = await serve();
    for (let i = 0; i < 10; i++) expect((await join(`burst-${i}`)).status).toBe('ok');
    expect(await join('burst-10')).toEqual({
      status: 'error',
      response: { reason: 'Too many joins per second: at most 10 per connection' },
    });
    advance(100);
    expect((await join('burst-10')).status).toBe('ok');
  });

  it('refuses a 101st channel on one socket (3,000 joins get no further), while rejoining a held channel still works', async () => {
    const { join, advance } = await serve();
    for (let i = 0; i < 100; i++) {
      if (i % 10 === 0) advance(1000);
      expect((await join(`ch-${i}`)).status).toBe('ok');
    }
    advance(1000);
    expect(await join('ch-100')).toEqual({
      status: 'error',
      response: { reason: 'Too many channels: at most 100 per connection' },
    });
    expect((await join('ch-5')).status).toBe('ok');
  });
});
