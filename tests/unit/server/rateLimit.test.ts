import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../server/auth/http.ts';
import { accountAtIp, AuthRateLimits, DEFAULT_AUTH_LIMITS } from '../../../server/auth/limits.ts';
import { KeyedLimiter, take } from '../../../server/rateLimit.ts';

/** A clock the test moves by hand. */
function clock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function refusal(fn: () => void): AuthError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AuthError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('token bucket', () => {
  it('allows a full burst, refuses the next with the time until a token is back, and refills over the window', () => {
    const rule = { capacity: 3, windowMs: 3000 };
    let b = take(rule, undefined, 0).bucket;
    b = take(rule, b, 0).bucket;
    b = take(rule, b, 0).bucket;
    const refused = take(rule, b, 0);
    expect(refused).toMatchObject({ ok: false, retryAfterMs: 1000 });
    expect(take(rule, refused.bucket, 999).ok).toBe(false);
    expect(take(rule, refused.bucket, 1000).ok).toBe(true);
  });

  it('forgets the buckets of keys that have refilled once many keys were seen, so sprayed keys do not pile up', () => {
    const c = clock();
    const limiter = new KeyedLimiter({ capacity: 2, windowMs: 1000 }, c.now);
    for (let i = 0; i < 1024; i++) limiter.take(`ip-${i}`);
    c.advance(1000);
    limiter.take('one-more');
    expect(limiter.size).toBe(1);
  });
});

describe('auth rate limits (production defaults)', () => {
  it('are those of hosted Supabase Auth, plus tries per account and address, letters per account and five tries per code', () => {
    expect(DEFAULT_AUTH_LIMITS).toEqual({
      signInPerIp: { capacity: 30, windowMs: 300_000 },
      verifyPerIp: { capacity: 30, windowMs: 300_000 },
      emailPerIp: { capacity: 30, windowMs: 300_000 },
      refreshPerIp: { capacity: 150, windowMs: 300_000 },
      triesPerAccountIp: { capacity: 10, windowMs: 300_000 },
      sendsPerAccount: { capacity: 10, windowMs: 3_600_000 },
      codeAttempts: 5,
    });
  });

  it('lets one IP sign in 30 times, then answers 429 with Retry-After: 10 until a token refills', () => {
    const c = clock();
    const limits = new AuthRateLimits({}, c.now);
    for (let i = 0; i < 30; i++) limits.take('signInPerIp', '203.0.113.7');
    const err = refusal(() => limits.take('signInPerIp', '203.0.113.7'));
    expect(err.status).toBe(429);
    expect(err.errorCode).toBe('over_request_rate_limit');
    expect(err.headers['Retry-After']).toBe('10');
    // Another IP is not affected.
    limits.take('signInPerIp', '198.51.100.1');
    c.advance(10_000);
    limits.take('signInPerIp', '203.0.113.7');
  });

  it('lets one address try one account 10 times in five minutes (Retry-After: 30), a success does not count, and other addresses still may', () => {
    const c = clock();
    const limits = new AuthRateLimits({}, c.now);
    const here = accountAtIp('sofia@example.com', '203.0.113.7');
    limits.take('triesPerAccountIp', here);
    limits.giveBack('triesPerAccountIp', here);
    for (let i = 0; i < 10; i++) limits.take('triesPerAccountIp', here);
    expect(refusal(() => limits.take('triesPerAccountIp', here)).headers['Retry-After']).toBe('30');
    // The owner, elsewhere, and this address at another account are not held up.
    limits.take('triesPerAccountIp', accountAtIp('sofia@example.com', '198.51.100.1'));
    limits.take('triesPerAccountIp', accountAtIp('omar@example.com', '203.0.113.7'));
    // 300 wrong passwords from here now take 300 / 10 × 5 minutes, not seconds.
    c.advance(29_999);
    expect(refusal(() => limits.take('triesPerAccountIp', here)).status).toBe(429);
    c.advance(1);
    limits.take('triesPerAccountIp', here);
  });

  it('sends one account 10 letters, then one every 6 minutes, in the email limit’s words', () => {
    const c = clock();
    const limits = new AuthRateLimits({}, c.now);
    for (let i = 0; i < 10; i++) limits.take('sendsPerAccount', 'sofia@example.com');
    expect(refusal(() => limits.take('sendsPerAccount', 'sofia@example.com'))).toMatchObject({
      status: 429,
      errorCode: 'over_email_send_rate_limit',
      headers: { 'Retry-After': '360' },
    });
    c.advance(360_000);
    limits.take('sendsPerAccount', 'sofia@example.com');
  });

  it('says an email limit in the email limit’s own words', () => {
    const limits = new AuthRateLimits({ emailPerIp: { capacity: 1, windowMs: 60_000 } }, () => 0);
    limits.take('emailPerIp', '::1');
    expect(refusal(() => limits.take('emailPerIp', '::1'))).toMatchObject({
      status: 429,
      errorCode: 'over_email_send_rate_limit',
      headers: { 'Retry-After': '60' },
    });
  });
});
