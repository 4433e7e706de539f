import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRetryableStatus, startSessionTicker } from '../../../src/auth/sessionTicker.ts';
import { clientOptions } from '../../../src/auth/supabaseClient.ts';

/**
 * The page's ticker is supabase-js' own: a real client with the page's options, whose network (the
 * auth server's /token) is a stand-in, on a clock the test advances; the page's visibility is
 * passed in.
 */

const TICK_MS = 30_000;
const STORAGE_KEY = 'aurora-auth';
const URL_BASE = 'http://auth.invalid';
const START = Date.UTC(2026, 10, 26, 12);

type Answer = 'ok' | 'network-error' | number;

function jwt(expSeconds: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'user-1', exp: expSeconds, role: 'authenticated' })}.c2ln`;
}

function session(expiresAtMs: number, refreshToken: string) {
  const expiresAt = Math.floor(expiresAtMs / 1000);
  return {
    access_token: jwt(expiresAt),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: Math.round((expiresAtMs - Date.now()) / 1000),
    expires_at: expiresAt,
    user: {
      id: 'user-1',
      aud: 'authenticated',
      email: 'a@example.invalid',
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

function harness(opts: { expiresInMs: number; answers?: Answer[] }) {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  storage.setItem(STORAGE_KEY, JSON.stringify(session(Date.now() + opts.expiresInMs, 'r0')));
  const refreshes: number[] = [];
  const answers = [...(opts.answers ?? [])];
  let rotation = 0;
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/auth/v1/token?grant_type=refresh_token'))
      return new Response('{}', { status: 404 });
    refreshes.push(Date.now());
    const answer = answers.shift() ?? 'ok';
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer !== 'ok')
      return new Response(JSON.stringify({ code: answer, msg: 'refused' }), { status: answer });
    rotation += 1;
    return Response.json(session(Date.now() + 3600_000, `r${rotation}`));
  }) as typeof globalThis.fetch;
  const client = createClient(URL_BASE, 'anon-key', {
    ...clientOptions(STORAGE_KEY, storage, fetch),
    // Node 20 has no WebSocket of its own; realtime is never opened here.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  let hidden = false;
  let onChange: (() => void) | null = null;
  const ticker = startSessionTicker(client.auth, {
    isHidden: () => hidden,
    onVisibilityChange(fn) {
      onChange = fn;
      return () => (onChange = null);
    },
  });
  return {
    ticker,
    refreshes,
    stored: () =>
      JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as { refresh_token: string } | null,
    setHidden(h: boolean) {
      hidden = h;
      onChange?.();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  // supabase-js logs each failed tick; the failures here are the point.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the session refresh ticker (supabase-js’ own, run while the page is visible)', () => {
  it('checks every 30 s and refreshes once the token has 3 ticks or fewer left', async () => {
    const h = harness({ expiresInMs: 10 * TICK_MS });
    await vi.advanceTimersByTimeAsync(1); // the first tick, at once: 10 ticks left
    expect(h.refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(6 * TICK_MS); // 4 ticks left: still fine
    expect(h.refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(TICK_MS); // 3 ticks left: refresh
    expect(h.refreshes).toHaveLength(1);
    expect(h.stored()?.refresh_token).toBe('r1');
    h.ticker.stop();
  });

  it('pauses while the page is hidden and ticks at once when it is shown again', async () => {
    const h = harness({ expiresInMs: 10 * TICK_MS });
    await vi.advanceTimersByTimeAsync(1);
    h.setHidden(true);
    await vi.advanceTimersByTimeAsync(20 * TICK_MS); // the token expired while hidden: no refresh
    expect(h.refreshes).toEqual([]);
    h.setHidden(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.refreshes).toHaveLength(1);
    h.ticker.stop();
  });

  it('retries a network failure from 200 ms, doubling, and keeps the refreshed session', async () => {
    const h = harness({ expiresInMs: 0, answers: ['network-error', 503, 'ok'] });
    await vi.advanceTimersByTimeAsync(1_000);
    const first = h.refreshes[0]!;
    expect(h.refreshes.map((t) => t - first)).toEqual([0, 200, 600]);
    expect(h.stored()?.refresh_token).toBe('r1');
    h.ticker.stop();
  });

  it('gives up retrying within 30 s, keeps the session, and tries again on a later tick', async () => {
    const h = harness({ expiresInMs: 0, answers: Array<Answer>(20).fill('network-error') });
    await vi.advanceTimersByTimeAsync(TICK_MS - 1);
    const firstBurst = h.refreshes.length;
    expect(firstBurst).toBe(8); // the attempt and 7 retries (200 … 12 800 ms); the next would end past 30 s
    expect(h.stored()?.refresh_token).toBe('r0');
    await vi.advanceTimersByTimeAsync(3 * TICK_MS);
    expect(h.refreshes.length).toBeGreaterThan(firstBurst);
    h.ticker.stop();
  });

  it('removes an expired session whose refresh is refused, without retrying', async () => {
    const h = harness({ expiresInMs: 0, answers: [400] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.refreshes).toHaveLength(1);
    expect(h.stored()).toBeNull();
    h.ticker.stop();
  });

  it('ticks no more once stopped', async () => {
    const h = harness({ expiresInMs: 10 * TICK_MS });
    await vi.advanceTimersByTimeAsync(1);
    h.ticker.stop();
    await vi.advanceTimersByTimeAsync(20 * TICK_MS);
    expect(h.refreshes).toEqual([]);
  });
});

describe('which failures count as the network', () => {
  it('treats no answer and 502, 503, 504 as retryable, anything else as final', () => {
    expect([0, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 500, undefined].some(isRetryableStatus)).toBe(false);
  });
});
