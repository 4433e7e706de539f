import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { WebSocketServer, type RawData } from 'ws';
import { verifyJwt } from '../auth/jwt.ts';
import { take } from '../rateLimit.ts';
import type { RowChange } from './changeFeed.ts';
import type { Binding, Conn, Frame } from './connection.ts';
import { deliverChange } from './fanOut.ts';
import { parseFilter } from './filters.ts';
import {
  DEFAULT_REALTIME_LIMITS,
  peerAddress,
  SocketCounter,
  type RealtimeLimits,
} from './limits.ts';
import { RowReader } from './RowReader.ts';

/**
 * `/realtime/v1/websocket`: the Phoenix subset realtime-js speaks (vsn 2.0.0 arrays, 1.0.0 objects):
 * heartbeat, phx_join with postgres_changes bindings, access_token, phx_leave. A change reaches a
 * subscriber only if re-selecting the row as that subscriber (their role and JWT claims) returns
 * it, so RLS decides, as hosted Realtime does.
 *
 * `pool` is realtime's own (the RLS reads and column look-ups), small and apart from the pool auth
 * and the functions use, as hosted Realtime has its own "database connection pool size" for RLS
 * checks (https://supabase.com/docs/guides/realtime/settings): however many subscribers a change
 * has, delivering it never holds a connection someone's sign-in waits for.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly conns = new Set<Conn>();
  private readonly sockets: SocketCounter;
  private channelCount = 0;
  private readonly reader: RowReader;
  private nextBindingId = 1;
  private readonly limits: RealtimeLimits;

  constructor(
    private readonly opts: {
      jwtSecret: string;
      pool: pg.Pool;
      log: (line: string) => void;
      limits?: Partial<RealtimeLimits>;
      now?: () => number;
    },
  ) {
    this.reader = new RowReader(opts.pool);
    this.limits = { ...DEFAULT_REALTIME_LIMITS, ...opts.limits };
    this.sockets = new SocketCounter(this.limits.socketsPerAddress);
  }

  /** Channels held by all sockets (at most `channelsTotal`). */
  get channels(): number {
    return this.channelCount;
  }

  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const address = peerAddress(req);
    const release = this.sockets.open(address);
    if (!release) {
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: `Too many realtime connections from one address: at most ${this.limits.socketsPerAddress}` })}`,
      );
      return;
    }
    socket.once('close', release);
    try {
      await this.upgrade(req, socket, head, address);
    } catch (err) {
      release();
      throw err;
    }
  }

  private async upgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    address: string,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const key =
      url.searchParams.get('apikey') ??
      /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ??
      '';
    const claims = await verifyJwt(this.opts.jwtSecret, key);
    if (!claims) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\n\r\n{"message":"Invalid API key"}',
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = {
        ws,
        address,
        vsn2: url.searchParams.get('vsn') !== '1.0.0',
        claims,
        channels: new Map(),
        joins: undefined,
      };
      this.conns.add(conn);
      ws.on('message', (data, isBinary) => {
        // A failure here must not become an unhandled rejection (that would end the process).
        if (!isBinary)
          this.onMessage(conn, data).catch((err: unknown) =>
            this.opts.log(
              `realtime: message failed: ${err instanceof Error ? err.message : String(err)}`,
            ),
          );
      });
      ws.on('close', () => this.drop(conn));
      ws.on('error', () => this.drop(conn));
    });
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    this.channelCount -= conn.channels.size;
    conn.channels.clear();
  }

  close(): void {
    for (const c of this.conns) c.ws.terminate();
    this.conns.clear();
    this.channelCount = 0;
    this.wss.close();
  }

  private send(conn: Conn, [joinRef, ref, topic, event, payload]: Frame): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    conn.ws.send(
      JSON.stringify(
        conn.vsn2
          ? [joinRef, ref, topic, event, payload]
          : { join_ref: joinRef, ref, topic, event, payload },
      ),
    );
  }

  private reply(
    conn: Conn,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    status: 'ok' | 'error',
    response: unknown,
  ): void {
    this.send(conn, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  private async onMessage(conn: Conn, data: RawData): Promise<void> {
    let frame: Frame;
    try {
      const msg: unknown = JSON.parse(data.toString());
      if (Array.isArray(msg)) frame = msg as Frame;
      else {
        const o = msg as {
          join_ref?: string;
          ref?: string;
          topic: string;
          event: string;
          payload: unknown;
        };
        frame = [o.join_ref ?? null, o.ref ?? null, o.topic, o.event, o.payload];
      }
    } catch {
      return;
    }
    const [joinRef, ref, topic, event, payload] = frame;
    const p = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
    if (topic === 'phoenix' && event === 'heartbeat')
      return this.reply(conn, null, ref, topic, 'ok', {});
    if (event === 'phx_join') return this.join(conn, joinRef, ref, topic, p);
    const channel = conn.channels.get(topic);
    if (event === 'access_token') {
      const claims =
        typeof p.access_token === 'string'
          ? await verifyJwt(this.opts.jwtSecret, p.access_token)
          : null;
      if (channel && claims) {
        channel.claims = claims;
        if (ref) this.reply(conn, joinRef, ref, topic, 'ok', {});
      } else if (channel) {
        this.send(conn, [
          channel.joinRef,
          null,
          topic,
          'system',
          {
            extension: 'system',
            status: 'error',
            message: 'Invalid JWT',
            channel: topic.replace(/^realtime:/, ''),
          },
        ]);
      }
      return;
    }
    if (event === 'phx_leave') {
      if (conn.channels.delete(topic)) this.channelCount--;
      this.reply(conn, joinRef, ref, topic, 'ok', {});
      this.send(conn, [joinRef, ref, topic, 'phx_close', {}]);
      return;
    }
    // Broadcast and presence are not used by the app: acknowledge so clients waiting on acks move on.
    if (ref) this.reply(conn, joinRef, ref, topic, 'ok', {});
  }

  private async join(
    conn: Conn,
    joinRef: string | null,
    ref: string | null,
    topic: string,
    p: Record<string, unknown>,
  ): Promise<void> {
    const { limits } = this;
    const paced = take(
      { capacity: limits.joinsPerSecond, windowMs: 1000 },
      conn.joins,
      (this.opts.now ?? Date.now)(),
    );
    conn.joins = paced.bucket;
    if (!paced.ok)
      return this.reply(conn, joinRef, ref, topic, 'error', {
        reason: `Too many joins per second: at most ${limits.joinsPerSecond} per connection`,
      });
    const rejoin = conn.channels.has(topic);
    if (!rejoin && conn.channels.size >= limits.channelsPerSocket) {
      return this.reply(conn, joinRef, ref, topic, 'error', {
        reason: `Too many channels: at most ${limits.channelsPerSocket} per connection`,
      });
    }
    if (!rejoin && this.channelCount >= limits.channelsTotal) {
      return this.reply(conn, joinRef, ref, topic, 'error', {
        reason: `Too many channels on this server: at most ${limits.channelsTotal} in all`,
      });
    }
    let claims = conn.claims;
    if (typeof p.access_token === 'string') {
      const c = await verifyJwt(this.opts.jwtSecret, p.access_token);
      if (!c) return this.reply(conn, joinRef, ref, topic, 'error', { reason: 'Invalid JWT' });
      claims = c;
    }
    const config = (p.config && typeof p.config === 'object' ? p.config : {}) as {
      postgres_changes?: unknown;
    };
    const requested = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as Record<string, unknown>[])
      : [];
    if (requested.length > limits.bindingsPerChannel) {
      return this.reply(conn, joinRef, ref, topic, 'error', {
        reason: `Too many postgres_changes bindings: at most ${limits.bindingsPerChannel} per channel`,
      });
    }
    const bindings: Binding[] = [];
    for (const b of requested) {
      if (!b || typeof b !== 'object')
        return this.reply(conn, joinRef, ref, topic, 'error', {
          reason: 'Invalid postgres_changes binding',
        });
      const parsed = parseFilter(typeof b.filter === 'string' ? b.filter : undefined);
      if (parsed === 'invalid')
        return this.reply(conn, joinRef, ref, topic, 'error', {
          reason: `Invalid filter: ${String(b.filter)}`,
        });
      bindings.push({
        id: this.nextBindingId++,
        event: typeof b.event === 'string' ? b.event : '*',
        schema: typeof b.schema === 'string' ? b.schema : 'public',
        table: typeof b.table === 'string' ? b.table : undefined,
        filter: typeof b.filter === 'string' ? b.filter : undefined,
        parsed,
      });
    }
    // Checked again after the awaits above: the socket may be gone, or other joins took the room.
    if (!this.conns.has(conn)) return;
    if (!conn.channels.has(topic)) {
      if (this.channelCount >= limits.channelsTotal)
        return this.reply(conn, joinRef, ref, topic, 'error', {
          reason: `Too many channels on this server: at most ${limits.channelsTotal} in all`,
        });
      this.channelCount++;
    }
    conn.channels.set(topic, { topic, joinRef, bindings, claims });
    this.reply(conn, joinRef, ref, topic, 'ok', {
      postgres_changes: bindings.map((b) => ({
        id: b.id,
        event: b.event,
        schema: b.schema,
        table: b.table,
        filter: b.filter,
      })),
    });
    if (bindings.length) {
      this.send(conn, [
        joinRef,
        null,
        topic,
        'system',
        {
          extension: 'postgres_changes',
          status: 'ok',
          message: 'Subscribed to PostgreSQL',
          channel: topic.replace(/^realtime:/, ''),
        },
      ]);
    }
  }

  /** Fans one committed change out to every matching binding (fanOut.ts). */
  deliver(change: RowChange): Promise<void> {
    return deliverChange(this.conns, change, this.reader, (conn, frame) => this.send(conn, frame));
  }
}
