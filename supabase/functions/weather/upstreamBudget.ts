/**
 * A global budget of requests to one upstream, whatever number of clients ask: a token bucket
 * (the house pattern of server/rateLimit.ts, written again here because a function imports only
 * core/), with the clock passed in. A caller takes a token at once, or waits in line for one at
 * most as long as it said it would; past that it is refused with when to come back (the handler's
 * 503 + Retry-After). Pure decisions (`takeToken`, `waitFor`); `UpstreamBudget` keeps the bucket
 * and the line.
 */

export interface BudgetRule {
  /** Tokens a full bucket holds: the burst allowed at once. */
  capacity: number;
  /** Tokens refilled per second: the sustained rate. */
  perSecond: number;
}

export interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (epoch ms). */
  at: number;
}

/**
 * MET Norway's terms of service (api.met.no/doc/TermsOfService): at most 20 requests per second
 * per application, or its User-Agent is throttled for every user. In any sliding second at most
 * a full bucket plus one second of refill leave: 4 + 20 = 24, under 25.
 */
export const MET_NORWAY_BUDGET: BudgetRule = { capacity: 4, perSecond: 20 };

function refilled(rule: BudgetRule, bucket: Bucket | undefined, now: number): Bucket {
  if (!bucket) return { tokens: rule.capacity, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return {
    tokens: Math.min(rule.capacity, bucket.tokens + (elapsed / 1000) * rule.perSecond),
    at: Math.max(now, bucket.at),
  };
}

export type Take = { ok: true; bucket: Bucket } | { ok: false; bucket: Bucket; waitMs: number };

/** Takes one token, or says how long until there is one. */
export function takeToken(rule: BudgetRule, bucket: Bucket | undefined, now: number): Take {
  const b = refilled(rule, bucket, now);
  if (b.tokens >= 1) return { ok: true, bucket: { tokens: b.tokens - 1, at: b.at } };
  return { ok: false, bucket: b, waitMs: waitFor(rule, b, 1) };
}

/** How long until `needed` tokens have come into `bucket` (already brought up to date). */
function waitFor(rule: BudgetRule, bucket: Bucket, needed: number): number {
  return Math.max(0, Math.ceil(((needed - bucket.tokens) * 1000) / rule.perSecond));
}

/** Timers passed in, so the line can be driven by a test's clock. */
export interface BudgetTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: BudgetTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type Admission = { ok: true } | { ok: false; retryAfterMs: number };

export interface BudgetStats {
  granted: number;
  /** Callers that waited in line for their token. */
  queued: number;
  /** Callers turned away: the line was longer than they would wait. */
  refused: number;
  waiting: number;
}

export class UpstreamBudget {
  private bucket: Bucket | undefined;
  private readonly line: ((a: Admission) => void)[] = [];
  private timer: unknown = null;
  private readonly counters = { granted: 0, queued: 0, refused: 0 };

  constructor(
    readonly rule: BudgetRule,
    private readonly now: () => number,
    private readonly timers: BudgetTimers = realTimers,
  ) {}

  /**
   * A token now, or in line for at most `maxWaitMs`. Decided at once (before the returned promise
   * settles), so callers asking in one tick are served in the order they asked.
   */
  acquire(maxWaitMs: number): Promise<Admission> {
    const now = this.now();
    if (this.line.length === 0) {
      const t = takeToken(this.rule, this.bucket, now);
      this.bucket = t.bucket;
      if (t.ok) {
        this.counters.granted++;
        return Promise.resolve({ ok: true });
      }
    }
    const b = refilled(this.rule, this.bucket, now);
    const waitMs = waitFor(this.rule, b, this.line.length + 1);
    if (waitMs > maxWaitMs) {
      this.counters.refused++;
      return Promise.resolve({ ok: false, retryAfterMs: Math.max(1, waitMs) });
    }
    this.counters.queued++;
    return new Promise((resolve) => {
      this.line.push(resolve);
      this.schedule();
    });
  }

  stats(): BudgetStats {
    return { ...this.counters, waiting: this.line.length };
  }

  private schedule(): void {
    if (this.timer !== null || this.line.length === 0) return;
    const b = refilled(this.rule, this.bucket, this.now());
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        this.serveLine();
      },
      waitFor(this.rule, b, 1),
    );
  }

  private serveLine(): void {
    while (this.line.length > 0) {
      const t = takeToken(this.rule, this.bucket, this.now());
      this.bucket = t.bucket;
      if (!t.ok) break;
      this.counters.granted++;
      this.line.shift()!({ ok: true });
    }
    this.schedule();
  }
}
