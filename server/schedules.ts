import { Cron } from 'croner';
import type pg from 'pg';

/**
 * A row of `scheduling.function_jobs` (migration 20261127000100_function_schedules.sql): the one
 * list of periodic function calls, run by pg_cron + pg_net on hosted Supabase and by
 * `runFunctionJobs` here.
 */
export interface FunctionJob {
  name: string;
  functionName: string;
  /** Five-field cron, UTC. */
  schedule: string;
  body: unknown;
}

export async function readFunctionJobs(pool: pg.Pool): Promise<FunctionJob[]> {
  const { rows } = await pool.query<FunctionJob>(
    `select name, function_name as "functionName", schedule, body
       from scheduling.function_jobs order by name`,
  );
  return rows;
}

/** The next run of a five-field cron schedule strictly after `after` (epoch ms, UTC), as pg_cron reads it. */
export function nextRunAfter(schedule: string, after: number): number {
  if (schedule.trim().split(/\s+/).length !== 5)
    throw new Error(`Not a five-field cron schedule: ${schedule}`);
  const next = new Cron(schedule, { timezone: 'UTC', paused: true }).nextRun(new Date(after));
  if (!next) throw new Error(`Cron schedule never runs: ${schedule}`);
  return next.getTime();
}

export interface FunctionJobsRunner {
  stop(): void;
  /** Resolves when the runs in progress (if any) have finished. */
  idle(): Promise<void>;
}

/**
 * The local stand-in for pg_cron + pg_net: on each job's schedule, POSTs the job's body to
 * `/functions/v1/<function>` with the service-role key, as `scheduling.call_function` does on
 * hosted Supabase. A job never runs twice at once (a run still going when the next is due skips
 * it). `everyMs` (tests only) runs every job that often instead of on its schedule.
 */
export function runFunctionJobs(opts: {
  jobs: FunctionJob[];
  handler: (req: Request) => Promise<Response>;
  /** Origin the request claims (the gateway's own, e.g. http://localhost:8787). */
  baseUrl: string;
  serviceRoleKey: string;
  everyMs?: number;
  log?: (line: string) => void;
}): FunctionJobsRunner {
  const running = new Map<string, Promise<void>>();
  const base = opts.baseUrl.replace(/\/+$/, '');
  const run = (job: FunctionJob) => {
    if (running.has(job.name)) return;
    const req = new Request(`${base}/functions/v1/${job.functionName}`, {
      method: 'POST',
      headers: {
        apikey: opts.serviceRoleKey,
        authorization: `Bearer ${opts.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(job.body ?? {}),
    });
    const done = opts
      .handler(req)
      .then(async (res) => {
        const text = await res.text();
        if (!res.ok) opts.log?.(`${job.name}: ${res.status} ${text}`);
      })
      .catch((e: unknown) =>
        opts.log?.(`${job.name} failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, done);
  };
  const stops = opts.jobs.map((job) => {
    if (opts.everyMs !== undefined) {
      const timer = setInterval(() => run(job), opts.everyMs);
      return () => clearInterval(timer);
    }
    // Throws on a schedule pg_cron would not take (croner also reads six-field ones).
    nextRunAfter(job.schedule, Date.now());
    const cron = new Cron(job.schedule, { timezone: 'UTC' }, () => run(job));
    return () => cron.stop();
  });
  return {
    stop: () => stops.forEach((stop) => stop()),
    idle: async () => {
      await Promise.all(running.values());
    },
  };
}
