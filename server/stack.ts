import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import pg from 'pg';
import { AuthService } from './auth/AuthService.ts';
import type { MailOutbox } from './auth/mailOutbox.ts';
import { makeApiKeys } from './auth/jwt.ts';
import type { AuthLimits } from './auth/limits.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { prepareDatabase } from './db/migrate.ts';
import { freePort } from './freePort.ts';
import { createFunctionsRouter } from './functions.ts';
import { createGateway } from './gateway.ts';
import { inDatabaseConfig, startPostgrest } from './postgrest.ts';
import { startChangeFeed } from './realtime/changeFeed.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { RealtimeServer } from './realtime/RealtimeServer.ts';
import { readFunctionJobs, runFunctionJobs } from './schedules.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface StackOptions {
  /** A real Postgres (superuser or database owner). Absent → embedded PGlite under `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** HS256 secret shared by the gateway and PostgREST (at least 32 characters). */
  jwtSecret?: string;
  distDir?: string | null;
  migrationsDir?: string;
  functionsDir?: string;
  cspHosts?: string[];
  /** OAuth providers of the local test identity provider: none unless asked for (anyone can be anyone there). */
  externalProviders?: string[];
  /** Auth rate and attempt limits (server/auth/limits.ts); tests only, to reach a limit in a few requests. */
  authLimits?: Partial<AuthLimits>;
  /** Realtime's socket and channel caps (server/realtime/limits.ts); tests only. */
  realtimeLimits?: Partial<RealtimeLimits>;
  redirectAllowList?: string[];
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry?: number;
  /** Extra environment for the functions (e.g. SWPC_BASE_URL in tests). */
  functionEnv?: Record<string, string>;
  /**
   * Web Push (VAPID) keys. When given, the functions get them as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY /
   * VAPID_SUBJECT, GET /auth/v1/settings publishes `vapid_public_key`, and the scheduled jobs run.
   */
  vapid?: { publicKey: string; privateKey: string; subject?: string };
  /**
   * Run the jobs of `scheduling.function_jobs` (the Kp alert sender, …) on their cron schedules, as
   * pg_cron does on hosted Supabase. Default: when `vapid` is given (always under `npm start`).
   */
  schedules?: boolean;
  /** Tests only: run every scheduled job this often instead of on its cron schedule. */
  scheduleIntervalMs?: number;
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  databaseUrl: string;
  pool: pg.Pool;
  /** Auth's letters (recovery and magic links): there is no mail server locally. */
  outbox: MailOutbox;
  stop: () => Promise<void>;
}

export const newJwtSecret = () => randomBytes(32).toString('hex');

/** Connections realtime reads rows with: enough to keep deliveries moving, few enough to leave the database to everyone else. */
const REALTIME_CONNECTIONS = 2;

/** Access tokens live an hour, as hosted Auth's default (supabase/config.toml `auth.jwt_expiry`). */
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600;

/** VAPID's contact for the push services (RFC 8292 `sub`) when none is configured. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:alerts@aurora.invalid';

/** Starts the local stand-in for hosted Supabase: database (+ migrations), PostgREST, and the gateway. */
export async function startStack(o: StackOptions = {}): Promise<Stack> {
  const log = o.log ?? ((line: string) => console.error(line));
  const jwtSecret = o.jwtSecret ?? newJwtSecret();
  if (jwtSecret.length < 32)
    throw new Error('The JWT secret must be at least 32 characters (PostgREST requires it)');
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err: unknown) => log(`stop: ${String(err)}`));
    stops.length = 0;
  };
  try {
    let databaseUrl = o.databaseUrl;
    const embedded = !databaseUrl;
    if (!databaseUrl) {
      const db = await startEmbeddedPostgres(
        o.pgliteDir ?? join(ROOT, '.data/pglite'),
        await freePort(),
      );
      stops.push(db.stop);
      databaseUrl = db.url;
    }
    await prepareDatabase(databaseUrl, {
      migrationsDir: o.migrationsDir ?? join(ROOT, 'supabase/migrations'),
      changeFeed: embedded ? 'table' : 'notify',
    });

    // One connection on PGlite: it is a single session, and the socket bridge queues clients anyway.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: embedded ? 1 : 10,
      application_name: 'aurora gateway',
    });
    pool.on('error', (err) => log(`db: ${err.message}`));
    stops.push(() => pool.end());
    // Realtime's own connections (RLS re-reads, the PGlite change drain): a flood of subscribers
    // waits here, never in the pool sign-ins and functions use.
    const realtimePool = new pg.Pool({
      connectionString: databaseUrl,
      max: embedded ? 1 : REALTIME_CONNECTIONS,
      application_name: 'aurora realtime',
    });
    realtimePool.on('error', (err) => log(`realtime db: ${err.message}`));
    stops.push(() => realtimePool.end());

    const rest = await startPostgrest({
      databaseUrl,
      jwtSecret,
      port: await freePort(),
      embedded,
      inDatabase: await inDatabaseConfig(pool),
      log,
    });
    stops.push(rest.stop);

    const port = o.port === undefined || o.port === 0 ? await freePort() : o.port;
    const url = `http://localhost:${port}`;
    const { anonKey, serviceRoleKey } = await makeApiKeys(jwtSecret);
    const auth = new AuthService({
      db: pool,
      log,
      cfg: {
        jwtSecret,
        jwtExpiry: o.jwtExpiry ?? DEFAULT_JWT_EXPIRY_SECONDS,
        issuer: `${url}/auth/v1`,
        siteUrl: url,
        redirectAllowList: o.redirectAllowList ?? [],
        externalProviders: o.externalProviders ?? [],
        limits: o.authLimits,
        // grant_type=web3 expects what siwe-verify expects: SIWE_URI / SIWE_DOMAIN, else the app's (this) origin.
        siwe: {
          uri: o.functionEnv?.SIWE_URI || url,
          domain: o.functionEnv?.SIWE_DOMAIN || new URL(o.functionEnv?.SIWE_URI || url).host,
          maxAgeMs: 10 * 60_000,
          clockSkewMs: 60_000,
        },
        anonKey,
        vapidPublicKey: o.vapid?.publicKey,
      },
    });
    const realtime = new RealtimeServer({
      jwtSecret,
      pool: realtimePool,
      log,
      limits: o.realtimeLimits,
    });
    let delivering: Promise<void> = Promise.resolve();
    stops.push(async () => realtime.close());
    const feed = await startChangeFeed({
      databaseUrl,
      pool: realtimePool,
      mode: embedded ? 'table' : 'notify',
      log,
      // One change at a time, so subscribers see a row's events in commit order.
      onChange: (c) => {
        delivering = delivering
          .then(() => realtime.deliver(c))
          .catch((err: unknown) => log(`realtime: ${String(err)}`));
      },
    });
    stops.push(feed.stop);
    const vapidEnv: Record<string, string> = o.vapid
      ? {
          VAPID_PUBLIC_KEY: o.vapid.publicKey,
          VAPID_PRIVATE_KEY: o.vapid.privateKey,
          VAPID_SUBJECT: o.vapid.subject ?? DEFAULT_VAPID_SUBJECT,
        }
      : {};
    const functions = createFunctionsRouter({
      functionsDir: o.functionsDir ?? join(ROOT, 'supabase/functions'),
      env: {
        SUPABASE_URL: url,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        SUPABASE_JWT_SECRET: jwtSecret,
        ...vapidEnv,
        ...(o.functionEnv ?? {}),
      },
      log,
    });
    const server = createGateway({
      publicUrl: url,
      jwtSecret,
      postgrestUrl: rest.url,
      auth,
      realtime,
      functions,
      distDir: o.distDir ?? null,
      cspHosts: o.cspHosts ?? [],
      log,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          // Upgraded (websocket) sockets keep the server open: end them first.
          realtime.close();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    if (o.schedules ?? Boolean(o.vapid)) {
      // Through the functions router, not the handler itself: the router sets this stack's environment.
      const jobs = runFunctionJobs({
        jobs: await readFunctionJobs(pool),
        handler: functions,
        baseUrl: url,
        serviceRoleKey,
        everyMs: o.scheduleIntervalMs,
        log,
      });
      stops.push(async () => {
        jobs.stop();
        await jobs.idle();
      });
    }
    // Stop order (reversed): scheduled jobs, gateway, change feed, realtime, PostgREST, realtime
    // pool, pool, database.
    return {
      url,
      anonKey,
      serviceRoleKey,
      jwtSecret,
      databaseUrl,
      pool,
      outbox: auth.outbox,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
