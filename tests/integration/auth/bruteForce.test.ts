import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';

// Production limits (server/auth/limits.ts): 5 tries per code, 10 per account from one address and
// 30 sign-ins per IP per 5 minutes. A stack per describe: each one's IP buckets start full. Other
// addresses at the same account: lockout.test.ts.

async function post(
  stack: TestStack,
  path: string,
  body: unknown,
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: r.status,
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as Record<string, unknown>,
  };
}

/** A six-digit code other than `code`. */
const wrong = (code: string, i: number) =>
  String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('one-time codes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function codeFor(email: string): Promise<string> {
    const link = await testClient(stack.url, stack.serviceRoleKey).auth.admin.generateLink({
      type: 'magiclink',
      email,
    });
    expect(link.error).toBeNull();
    return link.data.properties!.email_otp;
  }

  it('die after five wrong tries: the right code no longer works, and a new code does', async () => {
    const email = uniqueEmail('codes');
    const code = await codeFor(email);
    for (let i = 0; i < 5; i++) {
      const r = await post(stack, '/verify', { type: 'email', email, token: wrong(code, i) });
      expect(r.status).toBe(403);
      expect(r.body.error_code).toBe('otp_expired');
    }
    const right = await post(stack, '/verify', { type: 'email', email, token: code });
    expect(right.status).toBe(403);
    expect(right.body.error_code).toBe('otp_expired');

    const fresh = await codeFor(email);
    const ok = await post(stack, '/verify', { type: 'email', email, token: fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('survive a few wrong tries (a typo is not fatal)', async () => {
    const email = uniqueEmail('typo');
    const code = await codeFor(email);
    for (let i = 0; i < 4; i++)
      expect(
        (await post(stack, '/verify', { type: 'email', email, token: wrong(code, i) })).status,
      ).toBe(403);
    expect((await post(stack, '/verify', { type: 'email', email, token: code })).status).toBe(200);
  });
});

describe('passwords', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuse an account to an address after ten wrong tries from it with 429 and Retry-After, even the right password, and other accounts still sign in', async () => {
    const email = uniqueEmail('victim');
    expect(
      (await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD }))
        .error,
    ).toBeNull();
    for (let i = 0; i < 10; i++) {
      const r = await post(stack, '/token?grant_type=password', {
        email,
        password: `Wrong-Guess-${i}`,
      });
      expect(r.body.error_code).toBe('invalid_credentials');
    }
    const limited = await post(stack, '/token?grant_type=password', {
      email,
      password: STRONG_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    // supabase-js surfaces it as a 429 with the server's code.
    const viaClient = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(viaClient.error?.status).toBe(429);

    const other = uniqueEmail('bystander');
    expect(
      (
        await testClient(stack.url, stack.anonKey).auth.signUp({
          email: other,
          password: STRONG_PASSWORD,
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
          email: other,
          password: STRONG_PASSWORD,
        })
      ).error,
    ).toBeNull();
  });

  it('are not counted against the account when right', async () => {
    const email = uniqueEmail('regular');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    for (let i = 0; i < 11; i++)
      expect(
        (await post(stack, '/token?grant_type=password', { email, password: STRONG_PASSWORD }))
          .status,
      ).toBe(200);
  });
});

describe('sign-ins from one IP', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // The production burst (30) refilled over an hour instead of 5 minutes: on a slow machine the 30
    // requests below must not see a token come back (the 5-minute numbers are in the unit test).
    stack = await startTestStack({
      authLimits: { signInPerIp: { capacity: 30, windowMs: 3_600_000 } },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('are refused after a burst of 30, across accounts, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (
          await post(stack, '/token?grant_type=password', {
            email: uniqueEmail(`spray${i}`),
            password: 'Wrong-Guess-1',
          })
        ).status,
      );
    expect(new Set(statuses)).toEqual(new Set([400]));
    const limited = await post(stack, '/signup', {
      email: uniqueEmail('late'),
      password: STRONG_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(String(limited.body.msg)).toMatch(/^Request rate limit reached/);
  });
});
