import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { loopbackPeer, postFrom } from '../../support/fromAddress.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

// Issue 21 item 12: others' failures must not lock the owner out. The owner talks to the stack from
// its usual loopback address (supabase-js, fetch); strangers come from 127.0.0.2 and up.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const from = (peer: number, path: string, body: unknown) =>
  postFrom(loopbackPeer(peer), stack.url, `/auth/v1${path}`, body, { apikey: stack.anonKey });

/** Follows an emailed link as the browser would; the session is in the Location's fragment. */
async function openLink(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
}

/** A six-digit code other than `code`. */
const wrong = (code: string, i: number) =>
  String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

async function owner(prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const up = await testClient(stack.url, stack.anonKey).auth.signUp({
    email,
    password: STRONG_PASSWORD,
  });
  expect(up.error).toBeNull();
  return email;
}

describe('wrong passwords from other addresses', () => {
  it('hold up only those addresses: the owner still signs in, gets and uses an emailed code, and recovers the account by link', async () => {
    const email = await owner('locked');
    for (const peer of [2, 3]) {
      for (let i = 0; i < 10; i++) {
        const r = await from(peer, '/token?grant_type=password', {
          email,
          password: `Wrong-Guess-${peer}-${i}`,
        });
        expect(r.body.error_code).toBe('invalid_credentials');
      }
      // The eleventh from this address is refused before the password is even looked at.
      const refused = await from(peer, '/token?grant_type=password', {
        email,
        password: STRONG_PASSWORD,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }

    const own = testClient(stack.url, stack.anonKey);
    const signedIn = await own.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();

    const asked = await testClient(stack.url, stack.anonKey).auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(asked.error).toBeNull();
    const letter = stack.outbox.latest(email)!;
    expect(letter.kind).toBe('magiclink');
    const viaCode = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
      email,
      token: letter.code,
      type: 'email',
    });
    expect(viaCode.error).toBeNull();
    expect(viaCode.data.user?.email).toBe(email);

    const reset = await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email);
    expect(reset.error).toBeNull();
    const recovery = stack.outbox.latest(email)!;
    expect(recovery.kind).toBe('recovery');
    const landed = await openLink(recovery.link);
    expect(landed.get('type')).toBe('recovery');
    expect(landed.get('access_token')).toBeTruthy();
  });
});

describe('wrong codes from another address', () => {
  it('close the emailed code after five, but the link in the same letter still signs the owner in', async () => {
    const email = await owner('guessed');
    expect(
      (
        await testClient(stack.url, stack.anonKey).auth.signInWithOtp({
          email,
          options: { shouldCreateUser: false },
        })
      ).error,
    ).toBeNull();
    const letter = stack.outbox.latest(email)!;
    for (let i = 0; i < 6; i++) {
      const r = await from(4, '/verify', { type: 'email', email, token: wrong(letter.code, i) });
      expect(r.status).toBe(403);
      expect(r.body.error_code).toBe('otp_expired');
    }
    // Six digits guessed at from anywhere stay closed: not even the right ones open them now.
    const right = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
      email,
      token: letter.code,
      type: 'email',
    });
    expect(right.error?.code).toBe('otp_expired');

    const landed = await openLink(letter.link);
    expect(landed.get('error_code')).toBeNull();
    const page = testClient(stack.url, stack.anonKey);
    const set = await page.auth.setSession({
      access_token: landed.get('access_token')!,
      refresh_token: landed.get('refresh_token')!,
    });
    expect(set.data.user?.email).toBe(email);
  });

  it('count against that address at that account: its eleventh try in five minutes is refused, the owner’s is not', async () => {
    const email = await owner('pairs');
    await testClient(stack.url, stack.anonKey).auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    const letter = stack.outbox.latest(email)!;
    for (let i = 0; i < 10; i++)
      expect(
        (await from(5, '/verify', { type: 'email', email, token: wrong(letter.code, i) })).status,
      ).toBe(403);
    expect(
      (await from(5, '/verify', { type: 'email', email, token: wrong(letter.code, 10) })).status,
    ).toBe(429);

    await testClient(stack.url, stack.anonKey).auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    const fresh = stack.outbox.latest(email)!;
    const ok = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
      email,
      token: fresh.code,
      type: 'email',
    });
    expect(ok.error).toBeNull();
  });
});

describe('letters to one account', () => {
  it('are at most ten at once, however many addresses ask (nobody can mail-bomb an inbox)', async () => {
    const email = await owner('bombed');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await from(10 + i, '/otp', { email, create_user: false })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(stack.outbox.list(email).filter((m) => m.kind === 'magiclink')).toHaveLength(10);
    const refused = await from(30, '/recover', { email });
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('over_email_send_rate_limit');
  });
});
