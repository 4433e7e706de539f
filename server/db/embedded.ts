import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { SessionQueue } from './sessionQueue.ts';

/**
 * The zero-install database behind `npm start`: PGlite persisted in `dataDir`, exposed on a
 * loopback port through pglite-socket so that PostgREST and the gateway connect as to any server.
 * PGlite is a single backend session: the socket bridge serialises clients, keeping a client's
 * extended-protocol batch and its transaction together (sessionQueue.ts: the library's own queue
 * let pooled clients' batches interleave), which is why PostgREST runs with one pooled connection
 * against it.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pgcrypto, moddatetime } });
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 16 });
  // Handlers take the server's queue when a connection arrives: replaced before any can.
  (server as unknown as { queryQueue: SessionQueue }).queryQueue = new SessionQueue(db);
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop().catch(() => undefined);
      await db.close().catch(() => undefined);
    },
  };
}
