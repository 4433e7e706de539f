import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { SiweMessage } from 'siwe';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';
import {
  denoCheck,
  FUNCTIONS_DIR,
  startDenoFunction,
  type DenoFunction,
} from '../../support/denoFunction.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { constructKpGfz } from '../../fixtures/gfz/construct.ts';
import {
  kp1mBody,
  startTestPushService,
  type TestPushService,
} from '../../support/testPushService.ts';

/**
 * Every function on Deno, the runtime hosted Supabase runs them on: started from its `index.ts`
 * with `supabase/functions/deno.json` and only the environment hosted Supabase gives a function
 * (the project's URL, keys, database URL and published signing keys, plus the secrets set with
 * `supabase secrets set`: never SUPABASE_JWT_SECRET, a reserved name there). Behind them the
 * local stack on PostgreSQL 15 stands in for the project's Auth and REST; the agencies and the
 * push service are loopback stand-ins (third parties across the network).
 */

const SIWE_DOMAIN = 'aurora.test';
const SIWE_URI = 'https://aurora.test';
const WEATHER_USER_AGENT = 'aurora-deno-smoke/1 (+https://aurora.test)';
const FUNCTION_NAMES = [
  'space-weather',
  'sdo-image',
  'weather',
  'ping',
  'siwe-nonce',
  'siwe-verify',
  'push-subscription',
  'delete-account',
  'kp-alert-sender',
  'archive-space-weather',
  'plan-feed',
];

/** A stand-in for SWPC, SDO and MET Norway on one loopback port, recording who asked for what. */
interface Agencies {
  url: string;
  requests: { path: string; userAgent: string | undefined }[];
  close(): Promise<void>;
}

async function startAgencies(files: Record<string, { body: Buffer; type: string }>) {
  const requests: Agencies['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, userAgent: req.headers['user-agent'] });
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type, 'last-modified': new Date().toUTCString() });
    res.end(file.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  } satisfies Agencies;
}

const replay = (path: string) => readFileSync(join(FUNCTIONS_DIR, path));
/** The smallest body sdo-image takes for a picture: JPEG's start-of-image marker, then anything. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

let stack: TestStack;
let agencies: Agencies;
let push: TestPushService;
let signingKey: CryptoKey;
const fns = new Map<string, DenoFunction>();
const vapid = webpush.generateVAPIDKeys();

/** A request to a function as hosted Supabase's edge forwards it: `/<name>/<rest>`. */
function call(name: string, rest = '', init: RequestInit = {}): Promise<Response> {
  return fetch(`${fns.get(name)!.url}/${name}${rest}`, init);
}
const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/** A signed-up user with one saved place and a calendar link made through the Deno function. */
async function feedLink(): Promise<{ url: string; accessToken: string }> {
  const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('deno-feed'), password: STRONG_PASSWORD }),
  });
  const session = (await signUp.json()) as { access_token: string };
  const placeId = crypto.randomUUID();
  const saved = await fetch(`${stack.url}/rest/v1/places`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      ...bearer(session.access_token),
    },
    body: JSON.stringify({ id: placeId, name: 'Tromsø', lat: 69.65, lon: 18.96, kind: 'picked' }),
  });
  expect(saved.status).toBe(201);
  const made = await call('plan-feed', '/token', {
    method: 'POST',
    headers: bearer(session.access_token),
  });
  expect(made.status).toBe(201);
  const { token } = (await made.json()) as { token: string };
  return { url: `/${token}.ics?place=${placeId}`, accessToken: session.access_token };
}

beforeAll(async () => {
  stack = await startTestStack();
  push = await startTestPushService();
  agencies = await startAgencies({
    '/products/noaa-planetary-k-index.json': {
      body: replay('space-weather/replay/noaa-planetary-k-index.json'),
      type: 'application/json',
    },
    // Kp 6 for the last minutes: above the threshold of the subscription made below.
    '/json/planetary_k_index_1m.json': {
      body: Buffer.from(kp1mBody([...Array<number>(30).fill(2), 5.67, 6, 6])),
      type: 'application/json',
    },
    '/assets/img/latest/latest_1024_0193.jpg': { body: JPEG, type: 'image/jpeg' },
    // GFZ Potsdam's Kp service (constructed to its documented format, tests/fixtures/gfz).
    '/app/json/': { body: Buffer.from(constructKpGfz()), type: 'application/json' },
    '/weatherapi/locationforecast/2.0/complete': {
      body: replay('weather/replay/69.7_19.0.json'),
      type: 'application/json',
    },
  });
  const keys = await generateKeyPair('ES256');
  signingKey = keys.privateKey;
  const jwks = {
    keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'deno-smoke', alg: 'ES256' }],
  };
  const hostedEnv: Record<string, string> = {
    // What hosted Supabase sets for every function.
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.databaseUrl,
    SUPABASE_JWKS: JSON.stringify(jwks),
    // The project's secrets (docs/deploy.md): every function sees all of them.
    SITE_URL: SIWE_URI,
    SIWE_DOMAIN,
    SIWE_URI,
    SWPC_BASE_URL: agencies.url,
    GFZ_BASE_URL: agencies.url,
    SDO_BASE_URL: agencies.url,
    WEATHER_BASE_URL: agencies.url,
    WEATHER_USER_AGENT,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:deno-smoke@aurora.invalid',
    PUSH_ALLOWED_HOSTS: `push.aurora.invalid,${push.url}`,
  };
  const started = await Promise.allSettled(
    FUNCTION_NAMES.map((name) => startDenoFunction(name, hostedEnv)),
  );
  for (const s of started) if (s.status === 'fulfilled') fns.set(s.value.name, s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}, 180_000);

afterAll(async () => {
  await Promise.all([...fns.values()].map((f) => f.stop()));
  await stack?.stop();
  await agencies?.close();
  await push?.close();
});

describe('the functions on Deno with hosted Supabase’s environment', () => {
  it('starts every function folder’s entry', () => {
    const folders = readdirSync(FUNCTIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== '_shared')
      .map((d) => d.name);
    expect([...fns.keys()].sort()).toEqual(folders.sort());
  });

  it('type-checks every function with Deno and deno.json', async () => {
    const checked = await denoCheck(FUNCTION_NAMES);
    expect(checked.ok, checked.output).toBe(true);
  });

  it('ping answers with the server time', async () => {
    const res = await call('ping');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await call('ping', '', { method: 'PUT' })).status).toBe(405);
  });

  it('space-weather serves SWPC_BASE_URL’s file with validators a CDN can use, 304 on a match, 4xx on bad input', async () => {
    const res = await call('space-weather', '/kp-index');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('upstream');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(await res.text()).toBe(
      replay('space-weather/replay/noaa-planetary-k-index.json').toString(),
    );
    expect(agencies.requests.some((r) => r.path === '/products/noaa-planetary-k-index.json')).toBe(
      true,
    );
    const again = await call('space-weather', '/kp-index', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await call('space-weather', '/kp-index?window=bogus')).status).toBe(400);
    expect((await call('space-weather', '/no-such-product')).status).toBe(404);
  });

  it('space-weather replays a recorded file when its upstream has nothing', async () => {
    const res = await call('space-weather', '/kp-forecast');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-aurora-source')).toBe('replay');
  });

  it('sdo-image serves SDO_BASE_URL’s picture and 404s an unknown channel before any upstream request', async () => {
    const res = await call('sdo-image', '/0193');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    const before = agencies.requests.length;
    expect((await call('sdo-image', '/..%2f..%2fetc')).status).toBe(404);
    expect((await call('sdo-image', '/nope')).status).toBe(404);
    expect(agencies.requests.length).toBe(before);
  });

  it('weather asks WEATHER_BASE_URL with WEATHER_USER_AGENT and refuses coordinates off the globe', async () => {
    const res = await call('weather', '?lat=69.65&lon=18.96&radius=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const body = (await res.json()) as { place: { source: string } };
    expect(body.place.source).toBe('upstream');
    const asked = agencies.requests.filter((r) => r.path.startsWith('/weatherapi/'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.userAgent === WEATHER_USER_AGENT)).toBe(true);
    expect((await call('weather', '?lat=91&lon=10')).status).toBe(400);
    expect((await call('weather', '?lon=10')).status).toBe(400);
  });

  it('siwe-nonce and siwe-verify sign a wallet in for SIWE_DOMAIN through the project’s Auth, and refuse a malformed request', async () => {
    const nonceRes = await call('siwe-nonce', '', { method: 'POST' });
    expect(nonceRes.status).toBe(200);
    const issued = (await nonceRes.json()) as { nonce: string; domain: string; uri: string };
    expect(issued).toMatchObject({ domain: SIWE_DOMAIN, uri: SIWE_URI });
    const wallet = Wallet.createRandom();
    const message = new SiweMessage({
      domain: SIWE_DOMAIN,
      address: wallet.address,
      statement: 'Sign in to Aurora',
      uri: SIWE_URI,
      version: '1',
      chainId: 1,
      nonce: issued.nonce,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    const res = await call('siwe-verify', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message,
        signature: await wallet.signMessage(message),
        address: wallet.address,
        ensName: null,
      }),
    });
    const body = (await res.json()) as { success: boolean; userId: string; error: string | null };
    expect(res.status, body.error ?? '').toBe(200);
    expect(body.success).toBe(true);
    const [mapped] = await stack.sql<{ user_id: string }>(
      'select user_id from wallet_accounts where address = $1',
      [wallet.address.toLowerCase()],
    );
    expect(mapped?.user_id).toBe(body.userId);
    const bad = await call('siwe-verify', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(400);
  });

  it('push-subscription stores an anonymous subscription to an allowed push host, and refuses a private endpoint and a token without expiry', async () => {
    const sub = push.subscription('/push/deno');
    const res = await call('push-subscription', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sub, kpThreshold: 5 }),
    });
    expect(res.status).toBe(201);
    const rows = await stack.sql(
      'select kp_threshold::float8 as kp_threshold from push_subscriptions where endpoint = $1',
      [sub.endpoint],
    );
    expect(rows).toEqual([{ kp_threshold: 5 }]);
    const inside = await call('push-subscription', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sub, endpoint: 'https://10.0.0.1/push/x' }),
    });
    expect(inside.status).toBe(400);
    // Signed with the project's published key (SUPABASE_JWKS), but valid for ever: refused.
    const forever = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'deno-smoke' })
      .sign(signingKey);
    const noExp = await call('push-subscription', '', {
      method: 'POST',
      headers: bearer(forever, { 'content-type': 'application/json' }),
      body: JSON.stringify(push.subscription('/push/forever')),
    });
    expect(noExp.status).toBe(401);
    expect(((await noExp.json()) as { error: string }).error).toMatch(/no expiry/);
  });

  it('kp-alert-sender, run with the service-role key as the schedule runs it, pushes the alert through VAPID', async () => {
    expect((await call('kp-alert-sender', '', { method: 'POST' })).status).toBe(403);
    expect(
      (await call('kp-alert-sender', '', { headers: bearer(stack.serviceRoleKey) })).status,
    ).toBe(405);
    const res = await call('kp-alert-sender', '', {
      method: 'POST',
      headers: bearer(stack.serviceRoleKey),
    });
    const summary = await res.text();
    expect(res.status, summary).toBe(200);
    const pushes = push.pushed.filter((p) => p.path === '/push/deno');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(push.decrypt(pushes[0]!)).toMatchObject({
      type: 'kp-alert',
      title: expect.stringMatching(/^Aurora alert: Kp /),
    });
  });

  it('archive-space-weather, run with the service-role key as the schedule runs it, archives SWPC_BASE_URL’s and GFZ_BASE_URL’s Kp, which space-weather/history then serves', async () => {
    expect((await call('archive-space-weather', '', { method: 'POST' })).status).toBe(403);
    const res = await call('archive-space-weather', '', {
      method: 'POST',
      headers: bearer(stack.serviceRoleKey, { 'content-type': 'application/json' }),
      body: JSON.stringify({ resources: ['kp-index', 'kp-gfz'] }),
    });
    const report = (await res.json()) as { resources: Record<string, { rows: number }> };
    expect(res.status, JSON.stringify(report)).toBe(200);
    expect(report.resources['kp-index']!.rows).toBeGreaterThan(50);
    expect(report.resources['kp-gfz']!.rows).toBe(360);
    expect(agencies.requests.some((r) => r.path === '/app/json/')).toBe(true);
    const [row] = await stack.sql<{ n: string }>(
      "select count(*) as n from space_weather_samples where product in ('kp-3h', 'kp-gfz')",
    );
    expect(Number(row!.n)).toBeGreaterThan(400);
    const history = await call('space-weather', '/history/kp-gfz?since=0&limit=10');
    expect(history.status).toBe(200);
    expect(((await history.json()) as { page: { next: number } }).page.next).toBeGreaterThan(0);
    expect(
      (
        await call('archive-space-weather', '', {
          method: 'POST',
          headers: bearer(stack.serviceRoleKey),
          body: '{"resources": ["alerts"]}',
        })
      ).status,
    ).toBe(400);
  });

  it('delete-account deletes a signed-in caller through the project’s Auth, and refuses a caller without a session', async () => {
    const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('deno-leaving'), password: STRONG_PASSWORD }),
    });
    const session = (await signUp.json()) as { access_token: string; user: { id: string } };
    expect((await call('delete-account', '', { method: 'POST' })).status).toBe(401);
    const res = await call('delete-account', '', {
      method: 'POST',
      headers: bearer(session.access_token),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: true, userId: session.user.id });
    expect(await stack.sql('select 1 from auth.users where id = $1', [session.user.id])).toEqual(
      [],
    );
  });

  it('plan-feed makes a signed-in user’s calendar link through the project’s Auth and serves the place’s nights to a caller with no session', async () => {
    expect((await call('plan-feed', '/token', { method: 'POST' })).status).toBe(401);
    const link = await feedLink();
    const res = await call('plan-feed', link.url);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('LOCATION:Tromsø\r\n');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT3H\r\n');
    // Another token (its first character changed): the same bare 404 as a revoked one.
    const other = link.url.replace(/^\/(.)/, (_, c: string) => (c === 'A' ? '/B' : '/A'));
    expect((await call('plan-feed', other)).status).toBe(404);
    const revoked = await call('plan-feed', '/token', {
      method: 'DELETE',
      headers: bearer(link.accessToken),
    });
    expect(revoked.status).toBe(200);
    expect((await call('plan-feed', link.url)).status).toBe(404);
  });

  it('config.toml turns the gateway’s JWT check off exactly for the functions that serve a caller without a session', async () => {
    const config = parse(readFileSync(join(FUNCTIONS_DIR, '../config.toml'), 'utf8')) as {
      functions: Record<string, { verify_jwt: boolean }>;
    };
    // Each function's main route, asked with no Authorization header at all.
    const anonymous: Record<string, () => Promise<Response>> = {
      'space-weather': () => call('space-weather', '/kp-index'),
      'sdo-image': () => call('sdo-image', '/0193'),
      weather: () => call('weather', '?lat=69.65&lon=18.96&radius=0'),
      ping: () => call('ping'),
      'siwe-nonce': () => call('siwe-nonce'),
      'siwe-verify': () => call('siwe-verify', '/nonce'),
      'push-subscription': () =>
        call('push-subscription', '', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(push.subscription('/push/anonymous')),
        }),
      'delete-account': () => call('delete-account', '', { method: 'POST' }),
      'kp-alert-sender': () => call('kp-alert-sender', '', { method: 'POST' }),
      'archive-space-weather': () => call('archive-space-weather', '', { method: 'POST' }),
      // A calendar app polls its link with no Authorization header.
      'plan-feed': async () => call('plan-feed', (await feedLink()).url),
    };
    expect(Object.keys(anonymous).sort()).toEqual(Object.keys(config.functions).sort());
    for (const [name, ask] of Object.entries(anonymous)) {
      const status = (await ask()).status;
      const servesAnonymous = status < 400;
      expect(servesAnonymous, `${name} answered ${status}`).toBe(
        !config.functions[name]!.verify_jwt,
      );
    }
  });
});
