import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/freePort.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_DIR = join(ROOT, 'supabase/functions');

/** Deno's own start-up is well under a second; type-stripping ethers and siwe takes a few more on a busy machine. */
const START_TIMEOUT_MS = 60_000;

/**
 * The Deno binary of the `deno` devDependency: the platform package npm installed beside it
 * (`@deno/linux-x64-glibc`, …), found without the package's postinstall, which npm may skip.
 */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const linked = join(dirname(require.resolve('deno/package.json')), 'deno');
  if (existsSync(linked)) return linked;
  const libc = process.platform === 'linux' ? '-glibc' : '';
  const pkg = `@deno/${process.platform}-${process.arch}${libc}/package.json`;
  return join(dirname(require.resolve(pkg)), 'deno');
}

/** Deno's settings for a run that downloads nothing (see startDenoFunction). */
function offlineEnv(denoDir: string): Record<string, string> {
  return {
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
    NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/',
  };
}

const OFFLINE_FLAGS = ['--node-modules-dir=manual', '--no-remote'];

/**
 * `deno check` of the given function entries with `supabase/functions/deno.json`: Deno's own
 * type-check, the one `supabase functions deploy` relies on. Resolves with the output on success.
 */
export function denoCheck(names: string[]): Promise<{ ok: boolean; output: string }> {
  const denoDir = mkdtempSync(join(tmpdir(), 'aurora-deno-'));
  return new Promise((resolve) => {
    execFile(
      denoBinary(),
      [
        'check',
        ...OFFLINE_FLAGS,
        '--config',
        join(FUNCTIONS_DIR, 'deno.json'),
        ...names.map((n) => join(FUNCTIONS_DIR, n, 'index.ts')),
      ],
      { cwd: ROOT, env: offlineEnv(denoDir), maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        rmSync(denoDir, { recursive: true, force: true });
        resolve({ ok: !err, output: `${stdout}${stderr}` });
      },
    );
  });
}

export interface DenoFunction {
  name: string;
  /** Origin of the function's server: requests go to `${url}/${name}/…`, as hosted Supabase's edge forwards them. */
  url: string;
  /** Everything the process printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `supabase/functions/<name>/index.ts` on Deno, as the Edge Runtime would: the entry's
 * `Deno.serve` (on a loopback port given by DENO_SERVE_ADDRESS), `supabase/functions/deno.json`
 * for the bare imports, and only the environment given (hosted Supabase sets the project's
 * variables and secrets, nothing of ours). npm packages come from the project's installed
 * `node_modules` (`--node-modules-dir=manual`: Deno checks their versions against deno.json and
 * never installs), remote modules are refused (`--no-remote`), and the npm registry is pointed at
 * a closed loopback port, so the run downloads nothing.
 */
export async function startDenoFunction(
  name: string,
  env: Record<string, string>,
): Promise<DenoFunction> {
  const port = await freePort();
  const denoDir = mkdtempSync(join(tmpdir(), 'aurora-deno-'));
  let out = '';
  const child: ChildProcess = spawn(
    denoBinary(),
    [
      'run',
      ...OFFLINE_FLAGS,
      '--config',
      join(FUNCTIONS_DIR, 'deno.json'),
      '--allow-net',
      '--allow-env',
      '--allow-read',
      join(FUNCTIONS_DIR, name, 'index.ts'),
    ],
    {
      cwd: ROOT,
      env: {
        ...env,
        ...offlineEnv(denoDir),
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start on Deno:\n${out}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) on Deno before it listened:\n${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(denoDir, { recursive: true, force: true });
  };
  try {
    await listening;
  } catch (e) {
    await stop();
    throw e;
  }
  return { name, url: `http://127.0.0.1:${port}`, output: () => out, stop };
}
