import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../server/auth/http.ts';
import { AuthRateLimits, DEFAULT_AUTH_LIMITS } from '../../../server/auth/limits.ts';
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
  it('are those of hosted Supabase Auth, plus a per-account bucket and five tries per code', () => {
    expect(DEFAULT_AUTH_LIMITS).toEqual({
      signInPerIp: { capacity: 30, windowMs: 300_000 },
      verifyPerIp: { capacity: 30, windowMs: 300_000 },
      emailPerIp: { capacity: 30, windowMs: 300_000 },
      refreshPerIp: { capacity: 150, windowMs: 300_000 },
      perAccount: { capacity: 10, windowMs: 300_000 },
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

  it('lets one account be tried 10 times in five minutes (Retry-After: 30), and a success does not count', () => {
    const c = clock();
    const limits = new AuthRateLimits({}, c.now);
    limits.take('perAccount', 'sofia@example.com');
    limits.giveBack('perAccount', 'sofia@example.com');
    for (let i = 0; i < 10; i++) limits.take('perAccount', 'sofia@example.com');
    expect(
      refusal(() => limits.take('perAccount', 'sofia@example.com')).headers['Retry-After'],
    ).toBe('30');
    // 300 wrong passwords now take 300 / 10 × 5 minutes, not seconds.
    c.advance(29_999);
    expect(refusal(() => limits.take('perAccount', 'sofia@example.com')).status).toBe(429);
    c.advance(1);
    limits.take('perAccount', 'sofia@example.com');
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
