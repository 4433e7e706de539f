import pg from 'pg';
import type { MailOutbox } from '../../server/auth/mailOutbox.ts';
import { startStack, type StackOptions } from '../../server/stack.ts';
import { createScratchDatabase } from './scratchDatabase.ts';

export interface TestStack {
  /** The gateway origin: pass it to createClient(url, anonKey). */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Superuser URL of this stack's own database. */
  databaseUrl: string;
  /** Runs SQL as the superuser on this stack's database (bypasses RLS). */
  sql: <T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ) => Promise<T[]>;
  /** What auth would have emailed (recovery and magic links). */
  outbox: MailOutbox;
  stop: () => Promise<void>;
}

export type TestStackOptions = Pick<
  StackOptions,
  | 'functionsDir'
  | 'functionEnv'
  | 'vapid'
  | 'scheduleIntervalMs'
  | 'jwtExpiry'
  | 'externalProviders'
  | 'authLimits'
  | 'realtimeLimits'
  | 'redirectAllowList'
  | 'distDir'
  | 'log'
>;

// Role creation is cluster-wide: stacks in one process bootstrap one at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * A fresh local stack for one test file: a new database in the TEST_DATABASE_URL cluster with the
 * bootstrap and all migrations applied, PostgREST, and the gateway on a free port.
 */
export function startTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const run = queue.then(() => start(opts));
  queue = run.catch(() => undefined);
  return run;
}

async function start(opts: TestStackOptions): Promise<TestStack> {
  const scratch = await createScratchDatabase('aurora_test');
  const databaseUrl = scratch.url;

  const logs: string[] = [];
  // The test identity provider is off by default (npm start); integration tests sign in through it,
  // so it is turned on here explicitly, as AUTH_EXTERNAL_PROVIDERS would.
  const stack = await startStack({
    databaseUrl,
    distDir: null,
    log: opts.log ?? ((l) => logs.push(l)),
    ...opts,
    externalProviders: opts.externalProviders ?? ['google', 'github'],
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // pool.end() resolves before its clients' sockets close; the forced drop below can still reach one
  // and end it with 57P01. Without a listener the pool would rethrow that as an unhandled error.
  pool.on('error', (err) => {
    if ((err as { code?: string }).code !== '57P01') throw err;
  });
  return {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    jwtSecret: stack.jwtSecret,
    databaseUrl,
    outbox: stack.outbox,
    sql: async <T extends pg.QueryResultRow>(text: string, params?: unknown[]) =>
      (await pool.query<T>(text, params)).rows,
    stop: async () => {
      await stack.stop();
      await pool.end();
      await scratch.drop();
    },
  };
}
