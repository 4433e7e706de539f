import { describe, expect, it } from 'vitest';
import {
  deliver,
  retryAt,
  retryDelayMs,
} from '../../../../../supabase/functions/kp-alert-sender/deliver.ts';
import {
  PushRefusedError,
  type PushAnswer,
  type PushSender,
} from '../../../../../supabase/functions/kp-alert-sender/webPush.ts';

const TARGET = { endpoint: 'https://push.example.invalid/x', p256dh: 'p', auth: 'a' };
const DELIVERY = { ttlSeconds: 600, urgency: 'high' as const, topic: 't' };

/** A push service that answers from a script, recording each attempt; the sleeps are recorded, not waited. */
function scripted(answers: (PushAnswer | Error)[]) {
  const attempts: number[] = [];
  const slept: number[] = [];
  const send: PushSender = async () => {
    attempts.push(attempts.length);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { send, attempts, slept, sleep: async (ms: number) => void slept.push(ms) };
}
const status = (s: number, retryAfterSeconds: number | null = null) => ({
  status: s,
  retryAfterSeconds,
});

describe('delivering one push', () => {
  it('retries 429 and 5xx with back-off within the run, and stops at the first success', async () => {
    const p = scripted([status(429), status(503), status(201)]);
    expect(await deliver(p.send, TARGET, '{}', DELIVERY, p.sleep)).toEqual({
      kind: 'delivered',
      status: 201,
    });
    expect(p.slept).toEqual([1000, 4000]);
  });

  it('honours a short Retry-After, and leaves a long one to a later run', async () => {
    const short = scripted([status(429, 3), status(201)]);
    expect((await deliver(short.send, TARGET, '{}', DELIVERY, short.sleep)).kind).toBe('delivered');
    expect(short.slept).toEqual([3000]);
    const long = scripted([status(429, 120)]);
    expect(await deliver(long.send, TARGET, '{}', DELIVERY, long.sleep)).toEqual({
      kind: 'failed',
      error: 'Push service answered 429',
      retryAfterSeconds: 120,
    });
    expect(long.attempts).toHaveLength(1);
  });

  it('gives up after three attempts of an outage, and retries an unreachable service too', async () => {
    const p = scripted([new Error('connect ECONNREFUSED'), status(500), status(502)]);
    expect(await deliver(p.send, TARGET, '{}', DELIVERY, p.sleep)).toEqual({
      kind: 'failed',
      error: 'Push service answered 502',
      retryAfterSeconds: null,
    });
    expect(p.attempts).toHaveLength(3);
  });

  it('reports 404 and 410 as a subscription that is gone, at once', async () => {
    for (const s of [404, 410]) {
      const p = scripted([status(s)]);
      expect(await deliver(p.send, TARGET, '{}', DELIVERY, p.sleep)).toEqual({
        kind: 'gone',
        status: s,
      });
      expect(p.slept).toEqual([]);
    }
  });

  it('does not retry a request the push service refused as bad, nor an endpoint our policy refused', async () => {
    const bad = scripted([status(400)]);
    expect((await deliver(bad.send, TARGET, '{}', DELIVERY, bad.sleep)).kind).toBe('failed');
    expect(bad.attempts).toHaveLength(1);
    const refused = scripted([new PushRefusedError('endpoint must be an https URL')]);
    expect(await deliver(refused.send, TARGET, '{}', DELIVERY, refused.sleep)).toEqual({
      kind: 'failed',
      error: 'Push failed: endpoint must be an https URL',
      retryAfterSeconds: null,
    });
  });

  it('backs off between runs: 5 min, doubling per failure, at most an hour, or the Retry-After', () => {
    expect(retryAt(0, 1, null)).toBe(5 * 60_000);
    expect(retryAt(0, 2, null)).toBe(10 * 60_000);
    expect(retryAt(0, 9, null)).toBe(60 * 60_000);
    expect(retryAt(0, 1, 7200)).toBe(7_200_000);
    expect(retryDelayMs(status(201), 0)).toBeNull();
  });
});
