import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../server/freePort.ts';
import { STRONG_PASSWORD, testClient } from '../../support/clients.ts';
import { recordChanges } from '../../support/realtime.ts';

const dir = mkdtempSync(join(tmpdir(), 'aurora-npm-start-'));
let child: ChildProcess | undefined;

afterAll(() => {
  // Only if the test failed half-way: the process group is ours.
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Collects a process's output; `waitFor` resolves once the output so far matches. */
function watchOutput(proc: ChildProcess) {
  let out = '';
  proc.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  return async (pattern: RegExp, ms: number): Promise<RegExpExecArray> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const m = pattern.exec(out);
      if (m) return m;
      if (proc.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no output matching ${pattern} (exit code ${proc.exitCode}); output:\n${out}`);
  };
}

describe('npm start', () => {
  it('serves the app and a working backend on embedded PGlite, and Ctrl-C stops every process', async () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Aurora smoke</title>');
    const port = await freePort();
    child = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: join(dir, 'data'),
        DIST_DIR: dist,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const waitFor = watchOutput(child);
    const [, url] = await waitFor(/Aurora is running at (http:\/\/localhost:\d+)\n/, 110_000);
    const [, anonKey] = await waitFor(/anon key: (\S+)\n/, 5_000);
    expect(url).toBe(`http://localhost:${port}`);

    // Push alerts are on: VAPID keys generated into DATA_DIR/keys.json beside the JWT secret, the public one published.
    const keys = JSON.parse(readFileSync(join(dir, 'data', 'keys.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(keys.vapidPublicKey).toMatch(/^[\w-]{87}$/);
    const settings = (await (await fetch(`${url}/auth/v1/settings`)).json()) as Record<
      string,
      unknown
    >;
    expect(settings.vapid_public_key).toBe(keys.vapidPublicKey);

    const page = await fetch(`${url}/some/deep/link`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Aurora smoke');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    const client = testClient(url!, anonKey!);
    const up = await client.auth.signUp({ email: 'smoke@example.com', password: STRONG_PASSWORD });
    expect(up.error).toBeNull();
    const other = testClient(url!, anonKey!);
    const signIn = await other.auth.signInWithPassword({
      email: 'smoke@example.com',
      password: STRONG_PASSWORD,
    });
    expect(signIn.error).toBeNull();
    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((await other.auth.signOut()).error).toBeNull();
    const profile = await client.from('profiles').select('id, email').single();
    expect(profile.data).toEqual({ id: up.data.user!.id, email: 'smoke@example.com' });

    // Realtime on PGlite (changes drained from a table, not NOTIFY) reaches the owner.
    const feed = await recordChanges(client, 'profiles', 'smoke');
    await client.from('profiles').update({ show_clouds_on_load: true }).eq('id', up.data.user!.id);
    const change = await feed.waitFor(
      (e) => (e.new as { show_clouds_on_load?: boolean }).show_clouds_on_load === true,
      10_000,
    );
    expect(change.eventType).toBe('UPDATE');
    await client.removeAllChannels();

    // Ctrl-C in a terminal signals the whole foreground process group.
    const exited = new Promise<string>((resolve) =>
      child!.on('exit', (code, signal) => resolve(signal ?? String(code))),
    );
    process.kill(-child.pid!, 'SIGINT');
    // npm re-raises the SIGINT it forwarded once the script has stopped; the script itself exits 0.
    expect(['0', 'SIGINT']).toContain(await exited);
    await expect(fetch(url!, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    // PostgREST went with it: nothing of ours is left in the process group.
    const groupAlive = () => {
      try {
        process.kill(-child!.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 150 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(groupAlive()).toBe(false);
  }, 150_000);
});
