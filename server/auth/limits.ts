import { KeyedLimiter, type BucketRule } from '../rateLimit.ts';
import { AuthError } from './http.ts';

const FIVE_MINUTES = 5 * 60_000;

/** The local auth server's abuse limits. Defaults follow hosted Supabase Auth's (its `[auth.rate_limit]`). */
export interface AuthLimits {
  /** Per client IP: sign-ups and sign-ins (password, web3, test IdP). Hosted: sign_in_sign_ups, 30 per 5 minutes. */
  signInPerIp: BucketRule;
  /** Per client IP: 6-digit codes checked (POST /verify with email + code). Hosted: token_verifications, 30 per 5 minutes. */
  verifyPerIp: BucketRule;
  /** Per client IP: links and codes sent (/otp, /magiclink, /recover, /resend). */
  emailPerIp: BucketRule;
  /** Per client IP: refresh-token grants. Hosted: token_refresh, 150 per 5 minutes. */
  refreshPerIp: BucketRule;
  /**
   * Per account (email or phone) and client IP: password tries and code tries. A success gives its
   * token back, so only failures add up, and only for that address: others' wrong passwords never
   * lock the owner out (Auth0's brute-force protection blocks the same pair, not the account).
   */
  triesPerAccountIp: BucketRule;
  /** Per account, from every address: links and codes sent, so nobody can mail-bomb an inbox. Tries never count here. */
  sendsPerAccount: BucketRule;
  /** Wrong codes a one-time code takes before its 6 digits are refused; the link in the same letter still works. */
  codeAttempts: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerIp: { capacity: 30, windowMs: FIVE_MINUTES },
  verifyPerIp: { capacity: 30, windowMs: FIVE_MINUTES },
  emailPerIp: { capacity: 30, windowMs: FIVE_MINUTES },
  refreshPerIp: { capacity: 150, windowMs: FIVE_MINUTES },
  triesPerAccountIp: { capacity: 10, windowMs: FIVE_MINUTES },
  // Ten letters an hour: a retry or two for the owner; at most 5 × 10 code guesses an hour on one account.
  sendsPerAccount: { capacity: 10, windowMs: 60 * 60_000 },
  codeAttempts: 5,
};

/** Larger than any user metadata the app writes (name, picture URL, a few flags); it rides in every access token. */
export const MAX_METADATA_BYTES = 16 * 1024;
/** RFC 5321's limit for a path, GoTrue's for an address (and auth.users.email is varchar(255)). */
export const MAX_EMAIL_CHARS = 255;

export type LimitName = Exclude<keyof AuthLimits, 'codeAttempts'>;

/** The key of a per-(account, client IP) bucket. */
export const accountAtIp = (account: string, ip: string) => `${ip}\n${account}`;

function tooMany(retryAfterMs: number, email: boolean): AuthError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return email
    ? new AuthError(
        429,
        'over_email_send_rate_limit',
        `Email rate limit exceeded: try again in ${seconds} s`,
        {},
        { 'Retry-After': String(seconds) },
      )
    : new AuthError(
        429,
        'over_request_rate_limit',
        `Request rate limit reached: try again in ${seconds} s`,
        {},
        { 'Retry-After': String(seconds) },
      );
}

/** One keyed limiter per rule; `take` throws the 429 (with Retry-After) hosted Auth answers. */
export class AuthRateLimits {
  readonly limits: AuthLimits;
  private readonly limiters: Record<LimitName, KeyedLimiter>;

  constructor(overrides: Partial<AuthLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_AUTH_LIMITS, ...overrides };
    const l = this.limits;
    this.limiters = {
      signInPerIp: new KeyedLimiter(l.signInPerIp, now),
      verifyPerIp: new KeyedLimiter(l.verifyPerIp, now),
      emailPerIp: new KeyedLimiter(l.emailPerIp, now),
      refreshPerIp: new KeyedLimiter(l.refreshPerIp, now),
      triesPerAccountIp: new KeyedLimiter(l.triesPerAccountIp, now),
      sendsPerAccount: new KeyedLimiter(l.sendsPerAccount, now),
    };
  }

  take(name: LimitName, key: string): void {
    const r = this.limiters[name].take(key);
    if (!r.ok) throw tooMany(r.retryAfterMs, name === 'emailPerIp' || name === 'sendsPerAccount');
  }

  giveBack(name: LimitName, key: string): void {
    this.limiters[name].giveBack(key);
  }
}
