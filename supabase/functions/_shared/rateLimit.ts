import { CORS_HEADERS } from './http.ts';
import type { RestClient } from './rest.ts';

/**
 * Per-address limits of the functions, kept in the database (`public.take_rate_limit_token`,
 * migration 20261124000100): hosted Supabase runs a function in many isolates at once, so a
 * counter in memory would bound one isolate, not the caller. One RPC per limited request.
 */
export interface RateRule {
  bucket: string;
  /** Requests allowed at once, and refilled per window. */
  capacity: number;
  windowSeconds: number;
}

/** Anonymous push-subscription writes per address: each stored row is one the Kp alert sender walks. */
export const PUSH_SUBSCRIPTION_LIMIT: RateRule = {
  bucket: 'push-subscription',
  capacity: 30,
  windowSeconds: 300,
};
/** SIWE nonces per address: each is a row until it expires; a sign-in needs one. */
export const SIWE_NONCE_LIMIT: RateRule = {
  bucket: 'siwe-nonce',
  capacity: 30,
  windowSeconds: 300,
};
/**
 * SIWE verifications per address: a first one creates an account, so this is the sign-up limit
 * hosted Auth puts on its own sign-ups and sign-ins (30 per 5 minutes per IP; server/CONTEXT.md).
 */
export const SIWE_VERIFY_LIMIT: RateRule = {
  bucket: 'siwe-verify',
  capacity: 30,
  windowSeconds: 300,
};

/**
 * Calendar-feed polls per token: calendar apps ask between hourly and daily (Google a few times
 * a day, Apple and Outlook as the feed's REFRESH-INTERVAL says), so 60 an hour lets a person's
 * dozen subscribed places on a few devices through, and stops a leaked URL being hammered. The
 * key is the token's hash, never the token.
 */
export const PLAN_FEED_TOKEN_LIMIT: RateRule = {
  bucket: 'plan-feed-token',
  capacity: 60,
  windowSeconds: 3600,
};
/**
 * Calendar-feed requests per address, known token or not: bounds guessing (a token is 256 bits,
 * so this is belt and braces) and the plan's CPU per caller. Generous, because a calendar
 * service polls for all its users from a few addresses (supabase/functions/CONTEXT.md, Open).
 */
export const PLAN_FEED_ADDRESS_LIMIT: RateRule = {
  bucket: 'plan-feed-address',
  capacity: 120,
  windowSeconds: 300,
};

type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(rule: RateRule, key: string): Promise<RateDecision>;
}

export function createRestRateLimiter(rest: RestClient): RateLimiter {
  return {
    async take(rule, key) {
      const wait = await rest.request<number>('POST', 'rpc/take_rate_limit_token', {
        body: {
          p_bucket: rule.bucket,
          p_key: key,
          p_capacity: rule.capacity,
          p_window_seconds: rule.windowSeconds,
        },
      });
      return wait === 0 ? { ok: true } : { ok: false, retryAfterSeconds: wait };
    },
  };
}

/**
 * The caller's address, as the key of a per-address limit. Trusted: the LAST entry of
 * X-Forwarded-For, the one the proxy in front of us appended or set — hosted Supabase's edge sets it
 * for functions, and the local gateway replaces whatever the client sent with the peer address.
 * Entries before it are whatever the client claimed, so they are never read. IPv6 addresses count
 * by their /64 (one subscriber's network; its 2^64 addresses would otherwise be 2^64 keys).
 * Without the header (a request that bypassed the proxy) every caller shares one key.
 */
export function callerAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim() ?? '';
  return addressKey(last) ?? 'unknown';
}

/** IPv4 as it is; IPv6 as its /64 prefix (IPv4-mapped ones as their IPv4); anything else null. */
export function addressKey(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(bare)) return bare;
  if (!bare.includes(':')) return null;
  let canonical: string;
  try {
    // The URL parser validates an IPv6 address and writes it in one canonical form.
    canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  const [head = '', tail = ''] = canonical.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = canonical.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = canonical.includes('::')
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : canonical.split(':');
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** 429 with Retry-After (seconds) and the sentence to show. */
export function tooManyRequests(
  retryAfterSeconds: number,
  error: string,
  extra: Record<string, unknown> = {},
): Response {
  return new Response(JSON.stringify({ error, ...extra }), {
    status: 429,
    headers: {
      ...CORS_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(retryAfterSeconds),
    },
  });
}
