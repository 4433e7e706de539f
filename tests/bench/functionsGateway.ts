/**
 * The gateway as startStack builds it, serving only the functions: for the benches that measure
 * the functions over real HTTP on loopback. Auth and realtime get a pool that is never connected —
 * nothing on these paths reaches the database, and the archive is off (no service-role key given).
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { AuthService } from '../../server/auth/AuthService.ts';
import { makeApiKeys } from '../../server/auth/jwt.ts';
import { createFunctionsRouter } from '../../server/functions.ts';
import { createGateway } from '../../server/gateway.ts';
import { RealtimeServer } from '../../server/realtime/RealtimeServer.ts';
import { newJwtSecret } from '../../server/stack.ts';

export interface FunctionsGateway {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** Starts the gateway on a free loopback port with the functions reading `env`. */
export async function startFunctionsGateway(
  root: string,
  env: Record<string, string>,
): Promise<FunctionsGateway> {
  const jwtSecret = newJwtSecret();
  const { anonKey } = await makeApiKeys(jwtSecret);
  const pool = new pg.Pool({ connectionString: 'postgres://bench@127.0.0.1:1/unused' });
  const log = (line: string) => console.error(`[bench] gateway: ${line}`);
  const server = createGateway({
    publicUrl: 'http://127.0.0.1',
    jwtSecret,
    postgrestUrl: 'http://127.0.0.1:1',
    auth: new AuthService({
      db: pool,
      log,
      cfg: {
        jwtSecret,
        jwtExpiry: 3600,
        issuer: 'http://127.0.0.1/auth/v1',
        siteUrl: 'http://127.0.0.1',
        redirectAllowList: [],
        externalProviders: [],
        anonKey,
      },
    }),
    realtime: new RealtimeServer({ jwtSecret, pool, log }),
    functions: createFunctionsRouter({ functionsDir: join(root, 'supabase/functions'), env, log }),
    distDir: null,
    cspHosts: [],
    log,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await pool.end();
    },
  };
}
