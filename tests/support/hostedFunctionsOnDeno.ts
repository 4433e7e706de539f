/** Every function on Deno, the runtime hosted Supabase runs them on, for the tests in tests/integration/functions/onDeno*.test.ts. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import webpush from 'web-push';
import { FUNCTIONS_DIR, startDenoFunction, type DenoFunction } from './denoFunction.ts';
import { startTestStack, type TestStack } from './startTestStack.ts';
import { kp1mBody, startTestPushService, type TestPushService } from './testPushService.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from './clients.ts';
import { constructKpGfz } from '../fixtures/gfz/construct.ts';

export const SIWE_DOMAIN = 'aurora.test';
export const SIWE_URI = 'https://aurora.test';
export const WEATHER_USER_AGENT = 'aurora-deno-smoke/1 (+https://aurora.test)';
/** Every function folder, as hosted Supabase deploys them. */
export const FUNCTION_NAMES = [
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
export interface Agencies {
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

/** A file of a function's recorded replays. */
export const replay = (path: string) => readFileSync(join(FUNCTIONS_DIR, path));
/** The smallest body sdo-image takes for a picture: JPEG's start-of-image marker, then anything. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

/** Authorization as a signed-in caller (or the service role) sends it. */
export const bearer = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/** What a test file gets: the stack, the stand-ins, and the functions it asked for, on Deno. */
export interface HostedFunctions {
  stack(): TestStack;
  agencies(): Agencies;
  push(): TestPushService;
  /** The project's published signing key (SUPABASE_JWKS), to sign tokens the functions must judge. */
  signingKey(): CryptoKey;
  /** The functions started, by name. */
  fns: ReadonlyMap<string, DenoFunction>;
  /** A request to a function as hosted Supabase's edge forwards it: `/<name>/<rest>`. */
  call(name: string, rest?: string, init?: RequestInit): Promise<Response>;
  /** A signed-up user with one saved place and a calendar link made through the Deno function. */
  feedLink(): Promise<{ url: string; accessToken: string }>;
}

/**
 * Starts `names` on Deno for the test file (beforeAll; stopped in afterAll) with only the
 * environment hosted Supabase gives a function: the project's URL, keys, database URL and
 * published signing keys, plus the secrets set with `supabase secrets set` (never
 * SUPABASE_JWT_SECRET, a reserved name there). Behind them the local stack on PostgreSQL 15
 * stands in for the project's Auth and REST; the agencies and the push service are loopback
 * stand-ins (third parties across the network). Call it at the top level of the test file.
 */
export function hostedFunctionsOnDeno(names: readonly string[]): HostedFunctions {
  let stack: TestStack;
  let agencies: Agencies;
  let push: TestPushService;
  let signingKey: CryptoKey;
  const fns = new Map<string, DenoFunction>();
  const vapid = webpush.generateVAPIDKeys();

  function call(name: string, rest = '', init: RequestInit = {}): Promise<Response> {
    return fetch(`${fns.get(name)!.url}/${name}${rest}`, init);
  }

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
      names.map((name) => startDenoFunction(name, hostedEnv)),
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

  return {
    stack: () => stack,
    agencies: () => agencies,
    push: () => push,
    signingKey: () => signingKey,
    fns,
    call,
    feedLink,
  };
}
