import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeApiKeys } from '../../../../server/auth/jwt.ts';
import {
  DEFAULT_REALTIME_LIMITS,
  type RealtimeLimits,
} from '../../../../server/realtime/limits.ts';
import { RealtimeServer } from '../../../../server/realtime/RealtimeServer.ts';

const SECRET = 'realtime-limits-test-secret-0123456789abcdef';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** The real RealtimeServer behind a loopback HTTP server, on a clock the test moves; joins never touch the pool. */
async function serve(limits: Partial<RealtimeLimits> = {}) {
  let t = 1_700_000_000_000;
  const realtime = new RealtimeServer({
    jwtSecret: SECRET,
    pool: {} as pg.Pool,
    log: () => undefined,
    limits,
    now: () => t,
  });
  const server: Server = createServer();
  server.on('upgrade', (req, socket, head) => void realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const sockets: WebSocket[] = [];
  cleanup.push(async () => {
    for (const ws of sockets) ws.terminate();
    realtime.close();
    await new Promise((r) => server.close(r));
  });
  const { anonKey } = await makeApiKeys(SECRET);
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`;

  /** A socket from `localAddress` (a loopback address: each is a client of its own to the server). */
  const connect = async (localAddress = '127.0.0.1') => {
    const ws = new WebSocket(url, { localAddress });
    sockets.push(ws);
    const opened = await new Promise<{ status: number }>((resolve, reject) => {
      ws.once('open', () => resolve({ status: 101 }));
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      ws.once('error', reject);
    });
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
    const close = () => new Promise((r) => (ws.once('close', r), ws.close()));
    return { status: opened.status, join, close };
  };
  const first = await connect();
  return { join: first.join, connect, realtime, advance: (ms: number) => (t += ms) };
}

describe('realtime limits per socket', () => {
  it('are 100 channels, 10 joins a second and 100 bindings a channel; 10 sockets an address and 2,000 channels in all', () => {
    expect(DEFAULT_REALTIME_LIMITS).toEqual({
      channelsPerSocket: 100,
      joinsPerSecond: 10,
      bindingsPerChannel: 100,
      socketsPerAddress: 10,
      channelsTotal: 2000,
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

describe('realtime limits across sockets', () => {
  it('refuse the eleventh socket from one address with 429 before any upgrade, take one from another address, and have room again once one closes', async () => {
    const { connect } = await serve();
    // The first socket of serve() came from 127.0.0.1; these come from 127.0.0.2.
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await connect('127.0.0.2'));
    expect(open.map((s) => s.status)).toEqual(Array(10).fill(101));
    expect((await connect('127.0.0.2')).status).toBe(429);
    expect((await connect('127.0.0.3')).status).toBe(101);
    await open[0]!.close();
    expect((await connect('127.0.0.2')).status).toBe(101);
  });

  it('refuse a channel past the total across all sockets, naming the limit, and free room when a channel is left or a socket closes', async () => {
    const { join, connect, realtime } = await serve({ channelsTotal: 5 });
    const other = await connect('127.0.0.4');
    for (let i = 0; i < 3; i++) expect((await join(`a-${i}`)).status).toBe('ok');
    for (let i = 0; i < 2; i++) expect((await other.join(`b-${i}`)).status).toBe('ok');
    expect(realtime.channels).toBe(5);
    expect(await other.join('b-2')).toEqual({
      status: 'error',
      response: { reason: 'Too many channels on this server: at most 5 in all' },
    });
    // Joining a channel the socket holds already takes no room.
    expect((await join('a-0')).status).toBe('ok');
    await other.close();
    while (realtime.channels > 3) await new Promise((r) => setTimeout(r, 2));
    expect((await join('a-3')).status).toBe('ok');
    expect((await join('a-4')).status).toBe('ok');
    expect((await join('a-5')).status).toBe('error');
  });
});
