import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';

let stack: TestStack;
const log: string[] = [];
beforeAll(async () => {
  stack = await startTestStack({ log: (l) => log.push(l) });
});
afterAll(async () => {
  await stack?.stop();
});

async function post(
  path: string,
  body: unknown,
  key = stack.anonKey,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('bad input to the auth server gets a 4xx with a message, never a 500', () => {
  it('answers 20 concurrent sign-ups of one address with one session and 19 times "User already registered"', async () => {
    const email = uniqueEmail('twins');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/signup', { email, password: STRONG_PASSWORD })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toEqual({
        status: 422,
        body: { code: 422, error_code: 'user_already_exists', msg: 'User already registered' },
      });
  });

  it('refuses a 10,012-character email in sign-up, sign-in and magic links', async () => {
    const email = `${'a'.repeat(10_000)}@example.com`;
    for (const [path, body] of [
      ['/signup', { email, password: STRONG_PASSWORD }],
      ['/token?grant_type=password', { email, password: STRONG_PASSWORD }],
      ['/otp', { email }],
    ] as const) {
      const r = await post(path, body);
      expect(r.status).toBe(400);
      expect(r.body.error_code).toBe('validation_failed');
      expect(String(r.body.msg)).toMatch(/email/i);
    }
  });

  it('refuses a NUL in an email or phone, and in a refresh token', async () => {
    for (const [path, body] of [
      ['/signup', { email: 'nul\u0000@example.com', password: STRONG_PASSWORD }],
      ['/token?grant_type=password', { email: 'nul\u0000@example.com', password: STRONG_PASSWORD }],
      ['/token?grant_type=password', { phone: '+1555\u00000000', password: STRONG_PASSWORD }],
      ['/otp', { email: 'nul\u0000@example.com' }],
      ['/verify', { type: 'email', email: 'nul\u0000@example.com', token: '123456' }],
      ['/token?grant_type=refresh_token', { refresh_token: 'abc\u0000def' }],
    ] as const) {
      const r = await post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(String(r.body.msg)).not.toBe('');
    }
  });

  it('refuses a password longer than 72 bytes with 422 weak_password, in sign-up, update and admin', async () => {
    const long = `Aa1${'x'.repeat(70)}`; // 73 bytes
    const up = await post('/signup', { email: uniqueEmail('long'), password: long });
    expect(up.status).toBe(422);
    expect(up.body).toMatchObject({
      error_code: 'weak_password',
      msg: 'Password cannot be longer than 72 bytes (UTF-8).',
    });
    // 72 bytes is fine, also when multi-byte characters make it fewer characters.
    const ok = testClient(stack.url, stack.anonKey);
    expect(
      (await ok.auth.signUp({ email: uniqueEmail('max'), password: `Aa1${'é'.repeat(34)}x` }))
        .error,
    ).toBeNull();
    const update = await ok.auth.updateUser({ password: `Aa1${'é'.repeat(35)}` }); // 73 bytes
    expect(update.error?.status).toBe(422);
    const admin = await post(
      '/admin/users',
      { email: uniqueEmail('adm'), password: long },
      stack.serviceRoleKey,
    );
    expect(admin.status).toBe(422);
  });

  it('answers a 100 KB password at sign-in as wrong credentials (no account can have one)', async () => {
    const r = await post('/token?grant_type=password', {
      email: uniqueEmail('nobody'),
      password: 'x'.repeat(100_000),
    });
    expect(r.status).toBe(400);
    expect(r.body.error_code).toBe('invalid_credentials');
  });

  it('refuses user metadata over 16 KB, so no access token carries it', async () => {
    const big = { note: 'n'.repeat(17_000) };
    const up = await post('/signup', {
      email: uniqueEmail('meta'),
      password: STRONG_PASSWORD,
      data: big,
    });
    expect(up.status).toBe(400);
    expect(String(up.body.msg)).toMatch(/^User metadata is too large: \d+ bytes, at most 16384$/);

    const client = testClient(stack.url, stack.anonKey);
    await client.auth.signUp({
      email: uniqueEmail('grow'),
      password: STRONG_PASSWORD,
      options: { data: { a: 'a'.repeat(10_000) } },
    });
    // Two updates that each fit, but not together: the stored total is what counts.
    const grown = await client.auth.updateUser({ data: { b: 'b'.repeat(10_000) } });
    expect(grown.error?.status).toBe(400);
    const { data } = await client.auth.refreshSession();
    expect(JSON.stringify(decodeJwt(data.session!.access_token)).length).toBeLessThan(20_000);
  });

  it('logs no stack trace for any of it', () => {
    expect(log.filter((l) => /\n\s+at /.test(l))).toEqual([]);
  });
});
