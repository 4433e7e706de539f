import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleKpAlerts } from '../../../../../supabase/functions/kp-alert-sender/schedule.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('local kp-alert schedule', () => {
  it('invokes the sender as the service role on each tick and never overlaps runs', async () => {
    vi.useFakeTimers();
    const seen: Request[] = [];
    let release!: () => void;
    const handler = (req: Request) => {
      seen.push(req);
      return new Promise<Response>((r) => (release = () => r(new Response('{}'))));
    };
    const schedule = scheduleKpAlerts({
      handler,
      baseUrl: 'http://localhost:8787/',
      serviceRoleKey: 'service-key',
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('http://localhost:8787/functions/v1/kp-alert-sender');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer service-key');
    await vi.advanceTimersByTimeAsync(3000);
    expect(seen).toHaveLength(1);
    release();
    await schedule.idle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toHaveLength(2);
    schedule.stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(2);
  });

  it('logs a failed run and keeps going', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const handler = async () => new Response('{"error":"no VAPID keys"}', { status: 500 });
    const schedule = scheduleKpAlerts({
      handler,
      baseUrl: 'http://x',
      serviceRoleKey: 'k',
      intervalMs: 10,
      log: (l) => lines.push(l),
    });
    await vi.advanceTimersByTimeAsync(25);
    schedule.stop();
    expect(lines).toEqual([
      'kp-alert-sender: 500 {"error":"no VAPID keys"}',
      'kp-alert-sender: 500 {"error":"no VAPID keys"}',
    ]);
  });
});
