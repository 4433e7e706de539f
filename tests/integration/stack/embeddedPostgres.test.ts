import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../../server/db/embedded.ts';
import { keepsTurn } from '../../../server/db/sessionQueue.ts';
import { freePort } from '../../../server/freePort.ts';

/**
 * `npm start`'s zero-install database: one PGlite session behind a socket bridge that several
 * pooled clients (the gateway, realtime, PostgREST) use at once. pg sends every parameterised
 * query as Parse/Bind/Describe/Execute/Sync; interleaved with another client's, it binds the
 * other's statement (electric-sql/pglite#1046).
 */
const dir = mkdtempSync(join(tmpdir(), 'aurora-embedded-'));
let stop: (() => Promise<void>) | undefined;
let url: string;

beforeAll(async () => {
  const db = await startEmbeddedPostgres(join(dir, 'pglite'), await freePort());
  url = db.url;
  stop = db.stop;
}, 60_000);

afterAll(async () => {
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
});

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

describe('the embedded database behind npm start', () => {
  it("answers every client's parameterised queries with its own rows while four connections query at once", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 240 }, async (_, i) => {
          // Each query its own text: a Bind that reached another client's statement shows.
          const r = await pool.query<{ n: number; s: string }>(
            `select $1::int as n, $2::text || ' ${i}' as s`,
            [i, 'query'],
          );
          return r.rows[0]!;
        }),
      );
      rows.forEach((row, i) => expect(row).toEqual({ n: i, s: `query ${i}` }));
    } finally {
      await pool.end();
    }
  }, 60_000);

  it("binds a client's own statement when its batch reaches the server in two pieces and another client's whole batch comes between", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      // A's Parse goes out at once, the rest of its batch 50 ms later, as a busy network splits it.
      const stream = (a as unknown as { connection: { stream: Socket } }).connection.stream;
      const write = stream.write.bind(stream) as (chunk: Buffer, ...rest: unknown[]) => boolean;
      stream.write = ((chunk: Buffer, ...rest: unknown[]) => {
        if (chunk[0] === 'P'.charCodeAt(0)) return write(chunk, ...rest);
        setTimeout(() => write(chunk, ...rest), 50);
        return true;
      }) as Socket['write'];
      const fromA = a.query<{ who: string }>("select $1::text || ' from a' as who", ['statement']);
      await new Promise((r) => setTimeout(r, 10));
      const fromB = await b.query<{ n: number }>('select $1::int * 2 as n', [21]);
      expect(fromB.rows).toEqual([{ n: 42 }]);
      expect((await fromA).rows).toEqual([{ who: 'statement from a' }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("keeps a client's transaction whole while another client queries, and the other sees only what was committed", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    try {
      await a.query('create table if not exists probe_tx (n int)');
      await a.query('begin');
      await a.query('insert into probe_tx values ($1)', [1]);
      const during = b.query<{ c: string }>('select count(*) as c from probe_tx');
      await a.query('insert into probe_tx values ($1)', [2]);
      await a.query('commit');
      // b asked while a's transaction was open: it ran after the commit, never inside it.
      expect(Number((await during).rows[0]!.c)).toBe(2);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('gives the session back after a client that left in the middle of a transaction', async () => {
    const a = await connect();
    await a.query('create table if not exists probe_left (n int)');
    await a.query('begin');
    await a.query('insert into probe_left values ($1)', [1]);
    await a.end();
    const b = await connect();
    try {
      const r = await b.query<{ c: string }>('select count(*) as c from probe_left');
      expect(Number(r.rows[0]!.c)).toBe(0);
      expect((await b.query<{ n: number }>('select $1::int as n', [7])).rows[0]!.n).toBe(7);
    } finally {
      await b.end();
    }
  });

  it('holds the turn from Parse to Sync and through a transaction, and only then', () => {
    const code = (c: string) => c.charCodeAt(0);
    for (const t of 'PBDECH') expect(keepsTurn(code(t), false)).toBe(true);
    for (const t of 'SQX') expect(keepsTurn(code(t), false)).toBe(false);
    expect(keepsTurn(code('S'), true)).toBe(true);
    expect(keepsTurn(undefined, false)).toBe(false);
  });
});
