/**
 * Token buckets, as hosted Supabase Auth limits by IP: a bucket holds up to `capacity` tokens
 * (the burst), refills at `capacity` tokens per `windowMs`, and every request takes one.
 * Pure decisions with the time passed in; `KeyedLimiter` keeps one bucket per key (IP, account).
 */

export interface BucketRule {
  /** Requests allowed at once when the bucket is full, and refilled per window. */
  capacity: number;
  windowMs: number;
}

export interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

export type Take =
  { ok: true; bucket: Bucket } | { ok: false; bucket: Bucket; retryAfterMs: number };

function refilled(rule: BucketRule, bucket: Bucket | undefined, now: number): Bucket {
  if (!bucket) return { tokens: rule.capacity, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return {
    tokens: Math.min(rule.capacity, bucket.tokens + (elapsed * rule.capacity) / rule.windowMs),
    at: now,
  };
}

/** Takes one token, or says how long until one is there. */
export function take(rule: BucketRule, bucket: Bucket | undefined, now: number): Take {
  const b = refilled(rule, bucket, now);
  if (b.tokens >= 1) return { ok: true, bucket: { tokens: b.tokens - 1, at: now } };
  const retryAfterMs = Math.ceil(((1 - b.tokens) * rule.windowMs) / rule.capacity);
  return { ok: false, bucket: b, retryAfterMs };
}

/** Gives a token back (a successful sign-in does not count against the account). */
function giveBack(rule: BucketRule, bucket: Bucket | undefined, now: number): Bucket {
  const b = refilled(rule, bucket, now);
  return { tokens: Math.min(rule.capacity, b.tokens + 1), at: now };
}

/** A full bucket is the same as no bucket: it can be forgotten. */
function isFull(rule: BucketRule, bucket: Bucket, now: number): boolean {
  return refilled(rule, bucket, now).tokens >= rule.capacity;
}

/** Buckets by key, for one rule. Forgets full buckets once the map grows, so sprayed keys do not pile up. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private sweepAt = 1024;

  constructor(
    readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const r = take(this.rule, this.buckets.get(key), now);
    this.buckets.set(key, r.bucket);
    if (this.buckets.size > this.sweepAt) this.sweep(now);
    return r.ok ? { ok: true } : { ok: false, retryAfterMs: r.retryAfterMs };
  }

  giveBack(key: string): void {
    const b = this.buckets.get(key);
    if (b) this.buckets.set(key, giveBack(this.rule, b, this.now()));
  }

  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [k, b] of this.buckets) if (isFull(this.rule, b, now)) this.buckets.delete(k);
    this.sweepAt = Math.max(1024, this.buckets.size * 2);
  }
}
