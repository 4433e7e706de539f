import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextRunAfter, runFunctionJobs, type FunctionJob } from '../../../server/schedules.ts';

afterEach(() => {
  vi.useRealTimers();
});

const kpAlerts: FunctionJob = {
  name: 'kp-alert-sender',
  functionName: 'kp-alert-sender',
  schedule: '* * * * *',
  body: {},
};

describe('the local runner of scheduled functions', () => {
  it('reads cron schedules in UTC as pg_cron does', () => {
    const t = Date.parse('2026-11-27T12:00:30Z');
    expect(new Date(nextRunAfter('* * * * *', t)).toISOString()).toBe('2026-11-27T12:01:00.000Z');
    expect(new Date(nextRunAfter('17 3 * * *', t)).toISOString()).toBe('2026-11-28T03:17:00.000Z');
    expect(new Date(nextRunAfter('*/5 * * * *', t)).toISOString()).toBe('2026-11-27T12:05:00.000Z');
    expect(() => nextRunAfter('0 * * * * *', t)).toThrow('five-field');
    expect(() => nextRunAfter('every minute', t)).toThrow();
  });

  it('posts each job to its function at its cron time, as the service role, with its body', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:30Z') });
    const seen: { at: number; req: Request; body: string }[] = [];
    const handler = async (req: Request) => {
      seen.push({ at: Date.now(), req, body: await req.text() });
      return new Response('{}');
    };
    const jobs = runFunctionJobs({
      jobs: [
        kpAlerts,
        {
          ...kpAlerts,
          name: 'hourly',
          functionName: 'ping',
          schedule: '0 * * * *',
          body: { why: 'test' },
        },
      ],
      handler,
      baseUrl: 'http://localhost:8787/',
      serviceRoleKey: 'service-key',
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toHaveLength(1);
    expect(new Date(seen[0]!.at).toISOString()).toBe('2026-11-27T12:01:00.000Z');
    expect(seen[0]!.req.method).toBe('POST');
    expect(seen[0]!.req.url).toBe('http://localhost:8787/functions/v1/kp-alert-sender');
    expect(seen[0]!.req.headers.get('authorization')).toBe('Bearer service-key');
    expect(seen[0]!.body).toBe('{}');
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    const hourly = seen.filter((s) => s.req.url.endsWith('/functions/v1/ping'));
    expect(hourly.map((s) => new Date(s.at).toISOString())).toEqual(['2026-11-27T13:00:00.000Z']);
    expect(hourly[0]!.body).toBe('{"why":"test"}');
    expect(seen.length - hourly.length).toBe(60);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(seen.length - hourly.length).toBe(60);
  });

  it('never runs a job twice at once', async () => {
    vi.useFakeTimers();
    const seen: Request[] = [];
    let release!: () => void;
    const handler = (req: Request) => {
      seen.push(req);
      return new Promise<Response>((r) => (release = () => r(new Response('{}'))));
    };
    const jobs = runFunctionJobs({
      jobs: [kpAlerts],
      handler,
      baseUrl: 'http://localhost:8787',
      serviceRoleKey: 'service-key',
      everyMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen).toHaveLength(1);
    release();
    await jobs.idle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(2);
    jobs.stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(2);
  });

  it('logs a failed run and keeps going', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const handler = async () => new Response('{"error":"no VAPID keys"}', { status: 500 });
    const jobs = runFunctionJobs({
      jobs: [kpAlerts],
      handler,
      baseUrl: 'http://x',
      serviceRoleKey: 'k',
      everyMs: 10,
      log: (l) => lines.push(l),
    });
    await vi.advanceTimersByTimeAsync(25);
    jobs.stop();
    expect(lines).toEqual([
      'kp-alert-sender: 500 {"error":"no VAPID keys"}',
      'kp-alert-sender: 500 {"error":"no VAPID keys"}',
    ]);
  });
});
