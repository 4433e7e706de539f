/**
 * Per-address limits of the functions (issue 21 items 4 and 6), kept in the database so they hold
 * across isolates. Every request here leaves from a loopback address of its own choosing: the
 * gateway keys the limits on the peer address and ignores what X-Forwarded-For claims.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

const DOMAIN = 'aurora.test';
const URI = 'https://aurora.test';

let stack: TestStack;
let port: number;

beforeAll(async () => {
  stack = await startTestStack({
    functionEnv: { PUSH_ALLOWED_HOSTS: 'push.example.invalid', SIWE_DOMAIN: DOMAIN, SIWE_URI: URI },
  });
  port = Number(new URL(stack.url).port);
});
afterAll(async () => {
  await stack?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** One call to a function from `from` (a 127/8 address: every one of them is this machine). */
function call(
  from: string,
  path: string,
  opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: opts.method ?? 'GET',
        path: `/functions/v1/${path}`,
        headers: {
          apikey: stack.anonKey,
          authorization: `Bearer ${stack.anonKey}`,
          'content-type': 'application/json',
          ...opts.headers,
        },
        agent: false,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}

function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.invalid/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** Sends `count` requests, `parallel` at a time, and returns their answers in the order sent. */
async function burst(
  count: number,
  send: (i: number) => Promise<Answer>,
  parallel = 10,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - i) }, (_, j) => send(i + j));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status);

async function countOf(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await stack.sql<{ count: string }>(sql, params);
  return Number(row!.count);
}

describe('anonymous push subscriptions', () => {
  it('are refused with 429 and Retry-After from one address well before 100, storing no more rows than were accepted', async () => {
    const subs = Array.from({ length: 100 }, subscription);
    // A different X-Forwarded-For on each: what the client claims is not its address.
    const answers = await burst(100, (i) =>
      call('127.0.0.11', 'push-subscription', {
        method: 'POST',
        body: subs[i],
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      }),
    );
    const accepted = answers.filter((a) => a.status === 201).length;
    const firstRefused = statuses(answers).indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(40);
    expect(accepted).toBeLessThanOrEqual(35);
    expect(statuses(answers).filter((s) => s !== 201 && s !== 429)).toEqual([]);
    const refused = answers[firstRefused]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/Try again in a few minutes/);
    expect(
      await countOf('select count(*) from push_subscriptions where endpoint = any($1)', [
        subs.map((s) => s.endpoint),
      ]),
    ).toBe(accepted);

    // Another address is not held back by this one's limit.
    const other = await call('127.0.0.12', 'push-subscription', {
      method: 'POST',
      body: subscription(),
    });
    expect(other.status).toBe(201);
  });
});

describe('Sign-In with Ethereum', () => {
  it('issues nonces to one address with 429 well before 300, and keeps a nonce only while it can be used', async () => {
    const before = await countOf('select count(*) from siwe_nonces');
    const answers = await burst(60, () => call('127.0.0.21', 'siwe-verify/nonce'));
    const firstRefused = statuses(answers).indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(40);
    expect(Number(answers[firstRefused]!.headers['retry-after'])).toBeGreaterThan(0);
    const issued = answers.filter((a) => a.status === 200).length;
    expect((await countOf('select count(*) from siwe_nonces')) - before).toBe(issued);

    // A nonce a minute past its 5-minute life is gone by the next issue, not kept for a day.
    await stack.sql(
      `update siwe_nonces set expires_at = now() - interval '1 minute', used = true where nonce = $1`,
      [answers[0]!.body.nonce],
    );
    expect((await call('127.0.0.22', 'siwe-verify/nonce')).status).toBe(200);
    expect(
      await stack.sql('select nonce from siwe_nonces where nonce = $1', [answers[0]!.body.nonce]),
    ).toEqual([]);
  });

  it('counts every verification of one address against the sign-up limit: a valid first sign-in past it creates no account', async () => {
    const from = '127.0.0.31';
    const nonce = (await call('127.0.0.32', 'siwe-verify/nonce')).body.nonce as string;
    const wallet = Wallet.createRandom();
    const message = new SiweMessage({
      domain: DOMAIN,
      address: wallet.address,
      statement: 'Sign in to Aurora',
      uri: URI,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    const signature = await wallet.signMessage(message);

    const garbage = await burst(40, () =>
      call(from, 'siwe-verify', {
        method: 'POST',
        body: { message: 'x', signature: '0x', address: '0x' },
      }),
    );
    const firstRefused = statuses(garbage).indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(35);
    expect(garbage[firstRefused]!.body).toMatchObject({ success: false });

    const late = await call(from, 'siwe-verify', {
      method: 'POST',
      body: { message, signature, address: wallet.address },
    });
    expect(late.status).toBe(429);
    expect(
      await stack.sql('select 1 from wallet_accounts where address = $1', [
        wallet.address.toLowerCase(),
      ]),
    ).toEqual([]);

    // The same signed message from an address with tokens left signs in.
    const fresh = await call('127.0.0.33', 'siwe-verify', {
      method: 'POST',
      body: { message, signature, address: wallet.address },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ success: true });
  });
});
