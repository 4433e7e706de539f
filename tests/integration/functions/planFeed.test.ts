/**
 * The 14-night plan as a subscribable calendar (issue 28) on the real stack: PostgreSQL 15,
 * PostgREST, the local Auth and the gateway running `supabase/functions/plan-feed`. Signed-in
 * users make their link through the function; a calendar app (no JWT) reads the feed with the
 * token in the URL, parsed here with ical.js. The forecasts are constructed archive rows, dated
 * from the present (the stack runs on the real clock). Requests that count against the per-address
 * limit leave from loopback addresses of their own (the gateway keys limits on the peer address).
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let stack: TestStack;
let port: number;
const logs: string[] = [];
const tokensSeen: string[] = [];

interface User {
  id: string;
  accessToken: string;
  placeId: string;
  placeName: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request to the gateway from `from` (any 127/8 address is this machine). */
function call(
  path: string,
  opts: { from?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: opts.from ?? '127.0.0.1',
        method: opts.method ?? 'GET',
        path: `/functions/v1/plan-feed${path}`,
        headers: opts.headers,
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const asUser = (user: User) => ({
  apikey: stack.anonKey,
  authorization: `Bearer ${user.accessToken}`,
});

async function signUpWithPlace(name: string, lat: number, lon: number): Promise<User> {
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('feed'), password: STRONG_PASSWORD }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  const placeId = crypto.randomUUID();
  const saved = await fetch(`${stack.url}/rest/v1/places`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id: placeId, name, lat, lon, kind: 'picked' }),
  });
  expect(saved.status).toBe(201);
  return { id: session.user.id, accessToken: session.access_token, placeId, placeName: name };
}

async function newToken(user: User): Promise<string> {
  const res = await call('/token', { method: 'POST', headers: asUser(user) });
  expect(res.status, res.text).toBe(201);
  const { token } = JSON.parse(res.text) as { token: string };
  tokensSeen.push(token);
  return token;
}

/** A forecast issue as the archive job keeps it: one `space_weather_archive` row per issue. */
async function archiveIssue(
  resource: 'kp-forecast' | 'twenty-seven-day-outlook',
  issued: number,
  rows: Record<string, unknown>[],
) {
  const iso = new Date(issued).toISOString();
  await stack.sql(
    `insert into space_weather_archive (resource, chunk_id, data_time, payload)
     values ($1, $2, $3, $4)`,
    [
      resource,
      `product/${resource}/${iso}`,
      iso,
      JSON.stringify({ id: resource, kind: resource, issued, data: { rows }, raw: null }),
    ],
  );
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

let alice: User;
let bob: User;

beforeAll(async () => {
  stack = await startTestStack({ log: (line) => logs.push(line) });
  port = Number(new URL(stack.url).port);
  // Tromsø in the polar night: every one of the 14 nights is dark.
  alice = await signUpWithPlace('Telegrafbukta', 69.63, 18.91);
  bob = await signUpWithPlace('Bob’s cabin', 69.8, 19.5);
  const now = Date.now();
  const threeHourly = (from: number, kp: number) =>
    Array.from({ length: 40 }, (_, i) => ({ t: from + i * 3 * HOUR, kp, status: 'predicted' }));
  // An older issue (Kp 2) and the newest (Kp 7): the feed uses the newest.
  await archiveIssue('kp-forecast', now - 2 * DAY, threeHourly(now - 3 * DAY, 2));
  await archiveIssue('kp-forecast', now - HOUR, threeHourly(now - DAY, 7));
  const today = Math.floor(now / DAY) * DAY;
  await archiveIssue(
    'twenty-seven-day-outlook',
    now - 2 * DAY,
    Array.from({ length: 27 }, (_, i) => ({
      day: today + (i - 2) * DAY,
      kp: 5,
      ap: 30,
      f107: 150,
    })),
  );
});

afterAll(async () => {
  await stack?.stop();
});

describe('the plan’s calendar feed', () => {
  it('answers a signed-in user’s link with a parseable calendar of their place’s nights, from the newest forecasts, and nobody else’s place', async () => {
    const token = await newToken(alice);
    const res = await call(`/${token}.ics?place=${alice.placeId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers.etag).toMatch(/^"pf-[0-9a-f]{32}"$/);
    expect(Date.parse(String(res.headers['last-modified']))).toBeLessThanOrEqual(Date.now());
    expect(res.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT3H\r\n');
    const events = parse(res.text);
    expect(events).toHaveLength(14);
    expect(new Set(events.map((e) => e.location))).toEqual(new Set(['Telegrafbukta']));
    expect(events[0]!.summary).toBe('Aurora window: Kp 7 forecast');
    expect(events[13]!.summary).toBe('Aurora window: Kp 5 in the 27-day outlook (low confidence)');
    expect(res.text).not.toContain('Bob');

    // Bob's place through Alice's link: the same bare 404 as a token nobody has.
    const other = await call(`/${token}.ics?place=${bob.placeId}`);
    expect(other.status).toBe(404);
    expect(other.text).toBe('Not found');
    expect((await call(`/${token}.ics`)).status).toBe(404);

    // A calendar app's conditional poll: 304 while nothing changed.
    const again = await call(`/${token}.ics?place=${alice.placeId}`, {
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.status).toBe(304);
    const head = await call(`/${token}.ics?place=${alice.placeId}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(res.headers.etag);
  });

  it('keeps only the token’s SHA-256, which the owner alone may read, and no client may write', async () => {
    const token = await newToken(bob);
    const rows = await stack.sql<{ user_id: string; token_hash: string }>(
      'select user_id, token_hash from plan_feed_tokens where user_id = $1',
      [bob.id],
    );
    expect(rows).toEqual([
      { user_id: bob.id, token_hash: createHash('sha256').update(token).digest('hex') },
    ]);
    const dump = JSON.stringify(await stack.sql('select * from plan_feed_tokens'));
    expect(dump).not.toContain(token);

    const read = (user: User) =>
      fetch(`${stack.url}/rest/v1/plan_feed_tokens?select=user_id`, { headers: asUser(user) });
    expect(await (await read(bob)).json()).toEqual([{ user_id: bob.id }]);
    const seenByAlice = (await (await read(alice)).json()) as { user_id: string }[];
    expect(seenByAlice.map((r) => r.user_id)).not.toContain(bob.id);
    const forged = await fetch(`${stack.url}/rest/v1/plan_feed_tokens`, {
      method: 'POST',
      headers: { ...asUser(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: alice.id, token_hash: 'a'.repeat(64) }),
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const anonymous = await fetch(`${stack.url}/rest/v1/plan_feed_tokens?select=user_id`, {
      headers: { apikey: stack.anonKey },
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);

    const status = await call('/token', { headers: asUser(bob) });
    expect(JSON.parse(status.text)).toMatchObject({ exists: true });
  });

  it('makes, resets and revokes links for signed-in callers only; a replaced or revoked token 404s with no detail', async () => {
    expect((await call('/token', { method: 'POST' })).status).toBe(401);
    expect(
      (
        await call('/token', {
          method: 'POST',
          headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
        })
      ).status,
    ).toBe(401);
    const first = await newToken(alice);
    const reset = await newToken(alice);
    expect(reset).not.toBe(first);
    const feed = (token: string) => call(`/${token}.ics?place=${alice.placeId}`);
    const old = await feed(first);
    expect(old.status).toBe(404);
    expect(old.text).toBe('Not found');
    expect((await feed(reset)).status).toBe(200);

    const revoked = await call('/token', { method: 'DELETE', headers: asUser(alice) });
    expect(revoked.status).toBe(200);
    const gone = await feed(reset);
    expect(gone.status).toBe(404);
    expect(gone.text).toBe('Not found');
    expect(JSON.parse((await call('/token', { headers: asUser(alice) })).text)).toEqual({
      exists: false,
      createdAt: null,
    });
  });

  it('answers 429 with Retry-After once a token has been polled too often, whatever address asks', async () => {
    const token = await newToken(bob);
    const statuses: number[] = [];
    let refused: Answer | null = null;
    for (let i = 0; i < 70 && !refused; i++) {
      // Spread over addresses: the token's own limit, not the address's, refuses.
      const res = await call(`/${token}.ics?place=${bob.placeId}`, { from: `127.0.1.${i % 4}` });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused!.text)).toMatchObject({ error: expect.stringMatching(/Too many/) });
    // Another user's link is not held back.
    expect(
      (await call(`/${await newToken(alice)}.ics?place=${alice.placeId}`, { from: '127.0.1.9' }))
        .status,
    ).toBe(200);
  });

  it('answers 429 with Retry-After to an address guessing tokens, before looking any up', async () => {
    // The address bucket (PLAN_FEED_ADDRESS_LIMIT, take_rate_limit_token) holds 120 and refills
    // continuously at 120 per 300 s: a run that takes t seconds may see floor(0.4 t) more answers
    // after the first 120, never more, and a refusal as soon as the bucket is empty.
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 400 && !statuses.includes(429); i++) {
      const guess = createHash('sha256').update(String(i)).digest('base64url');
      statuses.push((await call(`/${guess}.ics?place=x`, { from: '127.0.2.1' })).status);
    }
    const refills = Math.floor(((Date.now() - started) / 1000) * (120 / 300));
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length - 1).toBeLessThanOrEqual(120 + refills);
    const refused = await call(
      `/${createHash('sha256').update('x').digest('base64url')}.ics?place=x`,
      {
        from: '127.0.2.1',
      },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('goes with the account: a deleted user’s link 404s and its hash is not kept', async () => {
    const carol = await signUpWithPlace('Carol’s bay', 69.7, 19.0);
    const token = await newToken(carol);
    expect((await call(`/${token}.ics?place=${carol.placeId}`)).status).toBe(200);
    const deleted = await fetch(`${stack.url}/functions/v1/delete-account`, {
      method: 'POST',
      headers: asUser(carol),
    });
    expect(deleted.status).toBe(200);
    expect((await call(`/${token}.ics?place=${carol.placeId}`)).status).toBe(404);
    expect(
      await stack.sql('select 1 from plan_feed_tokens where user_id = $1', [carol.id]),
    ).toEqual([]);
  });

  it('never writes a token into the stack’s log', () => {
    expect(tokensSeen.length).toBeGreaterThan(3);
    for (const token of tokensSeen) expect(logs.join('\n')).not.toContain(token);
  });
});
