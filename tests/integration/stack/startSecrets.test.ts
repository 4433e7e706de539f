import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../server/freePort.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratchDatabase.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const base = mkdtempSync(join(tmpdir(), 'aurora-start-secrets-'));
const childTmp = join(base, 'tmp');
const dataDir = join(base, 'data');
mkdirSync(childTmp);
let scratch: ScratchDatabase | undefined;
let child: ChildProcess | undefined;
let second: ChildProcess | undefined;

function killGroup(signal: NodeJS.Signals, proc = child): void {
  try {
    if (proc?.pid) process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

afterAll(async () => {
  killGroup('SIGKILL');
  killGroup('SIGKILL', second);
  await scratch?.drop();
  rmSync(base, { recursive: true, force: true });
});

/** Every file under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) hits.push(...filesContaining(p, needle));
    else if (st.isFile() && readFileSync(p).includes(needle)) hits.push(p);
  }
  return hits;
}

describe('npm start and its secrets', () => {
  it('says the service-role key is a secret and how to turn social sign-in on, and a kill -9 leaves no JWT secret in the temp directory', async () => {
    scratch = await createScratchDatabase('aurora_start_secrets');
    const port = await freePort();
    child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TMPDIR: childTmp,
        PORT: String(port),
        DATA_DIR: dataDir,
        DIST_DIR: join(ROOT, 'tests/integration/stack/fixtures/app-build'),
        DATABASE_URL: scratch.url,
        AUTH_EXTERNAL_PROVIDERS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    for (let i = 0; i < 1200 && !/social sign-in: .*\n/.test(out) && child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(out).toMatch(/social sign-in: .*\n/);

    expect(out).toMatch(
      /service_role key: \S+\n {2}\(a secret: it bypasses row-level security\. Server-side use only: never ship it to a browser or commit it\.\)\n/,
    );
    expect(out).toContain(
      'social sign-in: off (to try it, set AUTH_EXTERNAL_PROVIDERS=google,github',
    );
    const settings = (await (await fetch(`http://localhost:${port}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(Object.keys(settings.external).sort()).toEqual(['email', 'phone', 'web3']);

    const { jwtSecret } = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as {
      jwtSecret: string;
    };
    expect(jwtSecret.length).toBeGreaterThanOrEqual(32);
    // PostgREST is up and verified the anon key with the secret it was given: Postgres itself
    // refuses the anon role (42501), not PostgREST the token (PGRST301).
    const anonKey = /anon key: (\S+)\n/.exec(out)![1]!;
    const rest = await fetch(`http://localhost:${port}/rest/v1/profiles?select=id`, {
      headers: { apikey: anonKey },
    });
    expect(((await rest.json()) as { code: string }).code).toBe('42501');
    // ...but no file in the temp directory does, running or crashed.
    expect(filesContaining(childTmp, jwtSecret)).toEqual([]);
    killGroup('SIGKILL');
    for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(filesContaining(childTmp, jwtSecret)).toEqual([]);
  }, 150_000);

  it('keeps the keys of a throwaway database (a second npm start beside a running one) out of the temp directory, even after a kill -9', async () => {
    // The data directory looks taken by a live process (this one): npm start falls back to a temporary PGlite database.
    const lockedData = join(base, 'locked-data');
    mkdirSync(lockedData);
    writeFileSync(join(lockedData, 'start.lock'), String(process.pid));
    const secondTmp = join(base, 'tmp2');
    mkdirSync(secondTmp);
    const port = await freePort();
    second = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        TMPDIR: secondTmp,
        PORT: String(port),
        DATA_DIR: lockedData,
        DIST_DIR: join(ROOT, 'tests/integration/stack/fixtures/app-build'),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    second.stdout?.on('data', (b: Buffer) => (out += b.toString()));
    second.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    for (let i = 0; i < 1800 && !/anon key: \S+\n/.test(out) && second.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain('using a temporary database in');
    const anonKey = /anon key: (\S+)\n/.exec(out)![1]!;
    killGroup('SIGKILL', second);
    for (let i = 0; i < 100 && second.exitCode === null && second.signalCode === null; i++)
      await new Promise((r) => setTimeout(r, 50));

    // The secret itself was never printed: any 64-hex-digit string left in the temp directory that
    // verifies the anon key's signature is it.
    const leaks: string[] = [];
    const scan = async (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        const st = statSync(p, { throwIfNoEntry: false });
        if (st?.isDirectory()) await scan(p);
        else if (st?.isFile()) {
          for (const [candidate] of readFileSync(p, 'latin1').matchAll(/[0-9a-f]{64}/g)) {
            const verified = await jwtVerify(anonKey, new TextEncoder().encode(candidate)).then(
              () => true,
              () => false,
            );
            if (verified) leaks.push(p);
          }
        }
      }
    };
    await scan(secondTmp);
    expect(leaks).toEqual([]);
  }, 240_000);
});
