/**
 * Production builds for the browser tests: `dist` (v1) and `dist-v2` (the same tree with another
 * APP_VERSION, for the update flow). Each is rebuilt only when older than the sources.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.ts';

const SOURCES = [
  'src',
  // The shared contract is in every bundle (the worker's normalisers, the page's model).
  'core',
  'sync',
  'workers',
  'public',
  'scripts/vite',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}

export const V2_VERSION = `${appVersion()}-e2e-next`;

/** Builds `outDir` with `version` unless a build at least as new as every source is there. */
export function ensureBuild(
  outDir: string,
  version?: string,
  opts: { logToStderr?: boolean } = {},
): void {
  const marker = join(ROOT, outDir, 'sw.js');
  const index = join(ROOT, outDir, 'index.html');
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  const builtAt =
    existsSync(marker) && existsSync(index)
      ? Math.min(statSync(marker).mtimeMs, statSync(index).mtimeMs)
      : 0;
  if (builtAt >= sourcesAt) return;
  (opts.logToStderr ? console.error : console.log)(
    `[build] building ${outDir}${version ? ` (version ${version})` : ''}…`,
  );
  // Build beside, then swap in: a server (maybe another helper's test run) serving `outDir`
  // never sees a half-emptied directory.
  const staging = join('.tmp', `build-${outDir}-${process.pid}`);
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, OUT_DIR: staging };
  if (version) env.APP_VERSION = version;
  else delete env.APP_VERSION;
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: ROOT,
    env,
    stdio: opts.logToStderr ? ['ignore', 2, 2] : 'inherit',
  });
  const old = join(ROOT, '.tmp', `old-${outDir}-${process.pid}`);
  if (existsSync(join(ROOT, outDir))) renameSync(join(ROOT, outDir), old);
  renameSync(join(ROOT, staging), join(ROOT, outDir));
  rmSync(old, { recursive: true, force: true });
}
