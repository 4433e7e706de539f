/**
 * `npm start`: the app and its whole backend on one origin, like `supabase start` plus the build.
 * Database: embedded PGlite under DATA_DIR (default .data) unless DATABASE_URL names a server.
 * Env: PORT (8787), DIST_DIR (dist), DATA_DIR (.data), DATABASE_URL, CSP_HOSTS (extra hosts the
 * page may load from, space- or comma-separated), AUTH_EXTERNAL_PROVIDERS (none: the local test
 * identity provider signs anyone in, so it is off unless asked for, e.g. google,github),
 * AUTH_REDIRECT_URLS, VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (Web Push keys; generated once and kept in
 * DATA_DIR/keys.json when unset), VAPID_SUBJECT (mailto: or https: contact for the push services).
 * Ctrl-C stops every process it started.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { DEFAULT_VAPID_SUBJECT, newJwtSecret, startStack } from '../server/stack.ts';

const list = (v: string | undefined) => (v ?? '').split(/[\s,]+/).filter(Boolean);

interface SavedKeys {
  jwtSecret?: unknown;
  vapidPublicKey?: unknown;
  vapidPrivateKey?: unknown;
}

/**
 * The JWT secret and the VAPID keys live with the data they protect: sessions, API keys and the
 * browsers' push subscriptions (bound to the VAPID public key) survive restarts. Missing ones are
 * generated and saved; VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY override the saved pair.
 */
function stableKeys(
  dataDir: string,
  persist: boolean,
): { jwtSecret: string; vapid: { publicKey: string; privateKey: string; subject?: string } } {
  const file = join(dataDir, 'keys.json');
  const saved: SavedKeys = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as SavedKeys)
    : {};
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  let changed = false;
  let jwtSecret = str(saved.jwtSecret);
  if (!jwtSecret || jwtSecret.length < 32) {
    jwtSecret = newJwtSecret();
    changed = true;
  }
  const envPublic = process.env.VAPID_PUBLIC_KEY?.trim();
  const envPrivate = process.env.VAPID_PRIVATE_KEY?.trim();
  if (Boolean(envPublic) !== Boolean(envPrivate))
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  let publicKey = envPublic || str(saved.vapidPublicKey);
  let privateKey = envPrivate || str(saved.vapidPrivateKey);
  if (!publicKey || !privateKey) {
    ({ publicKey, privateKey } = webpush.generateVAPIDKeys());
    saved.vapidPublicKey = publicKey;
    saved.vapidPrivateKey = privateKey;
    changed = true;
  }
  // A throwaway database in the temp directory keeps its keys in memory only: a crash (kill -9)
  // skips the cleanup, and must not leave the JWT secret behind in a world-listable place.
  if (changed && persist) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...saved, jwtSecret }, null, 2), { mode: 0o600 });
  }
  const subject = process.env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  // Fail at start, not at the first alert: web-push checks the subject (mailto:/https:) and the keys'
  // format (URL-safe base64 of a 65-byte public and a 32-byte private P-256 key).
  try {
    webpush.getVapidHeaders('https://push.example', subject, publicKey, privateKey, 'aes128gcm');
  } catch (e) {
    throw new Error(
      `VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT rejected: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return { jwtSecret, vapid: { publicKey, privateKey, subject } };
}

/**
 * PGlite allows one process per data directory; a second one would corrupt it. Takes the
 * directory, or returns the pid that holds it.
 */
function lockDataDir(dataDir: string): { release: () => void } | { heldBy: number } {
  const file = join(dataDir, 'start.lock');
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' creates the file only if it does not exist: two starts cannot both take the lock.
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch {
      try {
        const pid = Number(readFileSync(file, 'utf8').trim());
        if (Number.isInteger(pid) && pid > 0 && (process.kill(pid, 0), true))
          return { heldBy: pid };
      } catch {
        // a stale lock (its process is gone) or one released meanwhile
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dataDir}`);
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8787);
  const dist = process.env.DIST_DIR ?? 'dist';
  let dataDir = resolve(process.env.DATA_DIR ?? '.data');
  let persistKeys = true;
  if (!existsSync(`${dist}/index.html`)) {
    console.log('No build found: building…');
    execSync('npx vite build', { stdio: 'inherit' });
  }
  if (!process.env.DATABASE_URL) {
    const lock = lockDataDir(dataDir);
    if ('heldBy' in lock) {
      // Another npm start owns the directory (say, a test run beside a dev server): rather than
      // corrupt it, this run gets a throwaway database of its own.
      const tmp = mkdtempSync(join(tmpdir(), 'aurora-data-'));
      console.error(
        `${dataDir} is in use by another npm start (pid ${lock.heldBy}): using a temporary database in ${tmp}, deleted on exit`,
      );
      dataDir = tmp;
      persistKeys = false;
      process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
    } else process.on('exit', lock.release);
  }
  const keys = stableKeys(dataDir, persistKeys);
  const providers = list(process.env.AUTH_EXTERNAL_PROVIDERS);
  const stack = await startStack({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: join(dataDir, 'pglite'),
    port,
    jwtSecret: keys.jwtSecret,
    vapid: keys.vapid,
    distDir: dist,
    cspHosts: list(process.env.CSP_HOSTS),
    externalProviders: providers,
    redirectAllowList: list(process.env.AUTH_REDIRECT_URLS),
    log: (line) => console.error(line),
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const health = await fetch(`${stack.url}/auth/v1/health`);
  if (!health.ok) throw new Error(`the gateway does not answer (${health.status})`);
  // No mail server locally: auth's letters (password recovery, magic links) are printed instead.
  stack.outbox.onMail((m) => console.log(`mail to ${m.to}: ${m.link} (code ${m.code})`));
  console.log(`Aurora is running at ${stack.url}`);
  console.log(
    `database: ${process.env.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite (${join(dataDir, 'pglite')})`}`,
  );
  console.log(`anon key: ${stack.anonKey}`);
  console.log(`service_role key: ${stack.serviceRoleKey}`);
  console.log(
    '  (a secret: it bypasses row-level security. Server-side use only: never ship it to a browser or commit it.)',
  );
  console.log(
    providers.length
      ? `social sign-in: ${providers.join(', ')} through the local test identity provider, which signs anyone in as any test user (development only)`
      : 'social sign-in: off (to try it, set AUTH_EXTERNAL_PROVIDERS=google,github: a local test identity provider, for development only)',
  );
  console.log(`VAPID public key: ${keys.vapid.publicKey} (Kp push alerts on)`);
}

main().catch((err: unknown) => {
  console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
