/**
 * A local stand-in for hosted Supabase's scheduler (pg_cron + pg_net POSTing to the function):
 * invokes the handler with the service role every `intervalMs`, never two runs at once.
 * The local stack starts it when VAPID keys are configured; hosted projects use pg_cron
 * (supabase/functions/CONTEXT.md).
 */
export interface KpAlertSchedule {
  stop(): void;
  /** Resolves when the run in progress (if any) has finished. */
  idle(): Promise<void>;
}

/** Kp is polled upstream once a minute; checking more often than that finds nothing new. */
const DEFAULT_KP_ALERT_INTERVAL_MS = 60_000;

export function scheduleKpAlerts(opts: {
  handler: (req: Request) => Promise<Response>;
  /** Origin the request claims (the gateway's own, e.g. http://localhost:8787). */
  baseUrl: string;
  serviceRoleKey: string;
  intervalMs?: number;
  log?: (line: string) => void;
}): KpAlertSchedule {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    const req = new Request(`${opts.baseUrl.replace(/\/+$/, '')}/functions/v1/kp-alert-sender`, {
      method: 'POST',
      headers: { apikey: opts.serviceRoleKey, authorization: `Bearer ${opts.serviceRoleKey}` },
    });
    running = opts
      .handler(req)
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) opts.log?.(`kp-alert-sender: ${res.status} ${text}`);
      })
      .catch((e: unknown) =>
        opts.log?.(`kp-alert-sender failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? DEFAULT_KP_ALERT_INTERVAL_MS);
  return {
    stop: () => clearInterval(timer),
    idle: () => running ?? Promise.resolve(),
  };
}
