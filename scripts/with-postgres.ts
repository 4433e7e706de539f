/**
 * `tsx scripts/with-postgres.ts <cmd...>`: runs a command against a throwaway PostgreSQL 15
 * cluster and exits with the command's code. The cluster lives under /tmp, listens on a free
 * port, runs as the `postgres` user (the server refuses root) and is removed afterwards.
 * When TEST_DATABASE_URL is already set, the command simply runs against that server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

function run(cmd: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const [file, ...args] = cmd;
    const child = spawn(file!, args, { stdio: 'inherit', env, shell: false });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`with-postgres: cannot run ${file}: ${err.message}`);
      resolve(127);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a shell command as the postgres user when we are root (the server will not run as root). */
function asPostgres(command: string): { status: number | null; output: string } {
  const isRoot = process.getuid?.() === 0;
  const r = isRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { encoding: 'utf8' })
    : spawnSync('/bin/bash', ['-c', command], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

async function main(): Promise<number> {
  const cmd = process.argv.slice(2);
  if (cmd.length === 0) {
    console.error('usage: tsx scripts/with-postgres.ts <command...>');
    return 2;
  }
  // Resolve npm-installed binaries (vitest, tsx…) the way npm scripts do.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(process.cwd(), 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
  };
  if (process.env.TEST_DATABASE_URL) return run(cmd, env);

  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'pg_ctl'))) {
    console.error(
      `with-postgres: PostgreSQL 15 not found in ${BIN}; install it with: apt-get install -y postgresql-15`,
    );
    return 1;
  }

  const root = mkdtempSync(join(tmpdir(), 'aurora-pg-'));
  chmodSync(root, 0o777);
  const data = join(root, 'data');
  const sock = join(root, 'sock');
  const port = await freePort();
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const mk = asPostgres(
    `mkdir -p ${q(sock)} && ${BIN}/initdb -D ${q(data)} -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null`,
  );
  if (mk.status !== 0) {
    console.error(`with-postgres: initdb failed:\n${mk.output}`);
    rmSync(root, { recursive: true, force: true });
    return 1;
  }
  // fsync off and a small footprint: this cluster is disposable and the machine is shared.
  const opts = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${sock} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB`;
  const started = asPostgres(
    `${BIN}/pg_ctl -D ${q(data)} -l ${q(join(root, 'log'))} -w -t 60 -o ${q(opts)} start`,
  );
  if (started.status !== 0) {
    console.error(`with-postgres: server did not start:\n${started.output}`);
    rmSync(root, { recursive: true, force: true });
    return 1;
  }
  const stop = () => {
    asPostgres(`${BIN}/pg_ctl -D ${q(data)} -m immediate -w stop`);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return await run(cmd, env);
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`with-postgres: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
