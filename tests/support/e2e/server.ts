/**
 * Starts `npm start`'s script (tsx scripts/start.ts) on a port, waits until it answers, and stops
 * it again — for scripts/e2e.ts, the update-flow test (which swaps the served build) and the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  url: string;
  port: number;
  /** The server's recent console output (the last 8000 characters): e.g. `mail to x: <link>` lines. */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before answering:\n${log()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms:\n${log()}`);
}

export async function startServer(
  opts: { distDir?: string; port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  // Social sign-in (the local test identity provider) is off unless asked for: the app under test offers it.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_EXTERNAL_PROVIDERS: process.env.AUTH_EXTERNAL_PROVIDERS ?? 'google,github',
    PORT: String(port),
    ...opts.env,
  };
  if (opts.distDir) env.DIST_DIR = opts.distDir;
  // A database of its own, thrown away on stop: every run starts from the same empty state and
  // never touches (or waits on) the developer's `.data`.
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'aurora-e2e-data-'));
  if (ownDataDir) env.DATA_DIR = ownDataDir;
  const removeDataDir = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  let output = '';
  // Its own process group, so stop() ends tsx and the node process it runs, and nothing else.
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://localhost:${port}`;
  const stop = async () => {
    await stopChild();
    removeDataDir();
  };
  const stopChild = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilAnswering(
      url,
      child,
      Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
      () => output,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, output: () => output, stop };
}
