import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * The schedule migration (20261127000100_function_schedules.sql) on PostgreSQL 15. pg_cron, pg_net
 * and Supabase Vault are not packaged here, so after the migration applied without them (as it
 * does under `npm start`), stand-ins with their signatures are created — cron.schedule /
 * cron.unschedule over a cron.job table, net.http_post recording its requests, a
 * vault.decrypted_secrets table — and the migration's own functions are run against them. Only a
 * hosted project shows the real extensions running the job.
 */
const STAND_INS = `
create schema cron;
create table cron.job (jobid bigserial primary key, jobname text unique, schedule text, command text);
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid
$$;
create function cron.unschedule(job_name text) returns boolean
language sql as $$ delete from cron.job where jobname = job_name returning true $$;
create schema net;
create table net.requests (id bigserial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
  headers jsonb default '{}', timeout_milliseconds int default 5000) returns bigint
language sql as $$
  insert into net.requests (url, body, headers, timeout_milliseconds)
  values (url, body, headers, timeout_milliseconds) returning id
$$;
create schema vault;
create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
`;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const cronJobs = () =>
  stack.sql<{ jobname: string; schedule: string; command: string }>(
    'select jobname, schedule, command from cron.job order by jobname',
  );

describe('functions on a schedule (pg_cron + pg_net, npm start)', () => {
  it('lists the alert sender every 5 minutes and the archive jobs, and applies where pg_cron is missing without scheduling anything', async () => {
    expect(
      await stack.sql(
        'select name, function_name, schedule, body from scheduling.function_jobs order by name',
      ),
    ).toEqual([
      {
        name: 'archive-each-3-hours',
        function_name: 'archive-space-weather',
        schedule: '7 */3 * * *',
        body: {
          resources: ['kp-index', 'kp-gfz', 'kp-forecast', 'three-day-forecast'],
          retention: true,
        },
      },
      {
        name: 'archive-each-5-minutes',
        function_name: 'archive-space-weather',
        schedule: '*/5 * * * *',
        body: { resources: ['aurora-oval', 'aurora-nowcast-hemi-power'] },
      },
      {
        name: 'archive-each-minute',
        function_name: 'archive-space-weather',
        schedule: '* * * * *',
        body: { resources: ['solar-wind', 'magnetic-field', 'kp-1m'] },
      },
      {
        name: 'kp-alert-sender',
        function_name: 'kp-alert-sender',
        schedule: '*/5 * * * *',
        body: {},
      },
    ]);
    expect(await stack.sql("select 1 from pg_namespace where nspname = 'cron'")).toEqual([]);
  });

  it('keeps the schedule list from the app’s roles', async () => {
    for (const role of ['anon', 'authenticated']) {
      const [row] = await stack.sql<{ usage: boolean; call: boolean }>(
        `select has_schema_privilege($1, 'scheduling', 'usage') as usage,
                has_function_privilege($1, 'scheduling.call_function(text)', 'execute') as call`,
        [role],
      );
      expect(row, role).toEqual({ usage: false, call: false });
    }
  });

  it('with pg_cron present, schedules each job under its own name with a command that holds no secret', async () => {
    await stack.sql(STAND_INS);
    await stack.sql('select scheduling.apply_schedules()');
    expect((await cronJobs()).filter((j) => j.jobname === 'aurora-kp-alert-sender')).toEqual([
      {
        jobname: 'aurora-kp-alert-sender',
        schedule: '*/5 * * * *',
        command: "select scheduling.call_function('kp-alert-sender')",
      },
    ]);
  });

  it('each run posts to the function with the project URL and service-role key read from Vault at that moment', async () => {
    const command = (await cronJobs()).find((j) => j.jobname === 'aurora-kp-alert-sender')!.command;
    await expect(stack.sql(command)).rejects.toThrow(/Vault holds no project_url/);
    await stack.sql(
      `insert into vault.decrypted_secrets values
         ('project_url', 'https://project.aurora.invalid/'), ('service_role_key', 'service-key-1')`,
    );
    await stack.sql(command);
    await stack.sql(
      "update vault.decrypted_secrets set decrypted_secret = 'service-key-2' where name = 'service_role_key'",
    );
    await stack.sql(command);
    const requests = await stack.sql<{
      url: string;
      body: unknown;
      headers: Record<string, string>;
    }>('select url, body, headers from net.requests order by id');
    expect(requests.map((r) => r.url)).toEqual([
      'https://project.aurora.invalid/functions/v1/kp-alert-sender',
      'https://project.aurora.invalid/functions/v1/kp-alert-sender',
    ]);
    expect(requests.map((r) => r.headers.Authorization)).toEqual([
      'Bearer service-key-1',
      'Bearer service-key-2',
    ]);
    expect(requests[0]!.body).toEqual({});
  });

  it('schedules a job added by a later migration, and unschedules one removed', async () => {
    await stack.sql(
      `insert into scheduling.function_jobs (name, function_name, schedule, body)
       values ('archive-alerts', 'alert-archive', '17 3 * * *', '{"days": 90}')`,
    );
    expect((await cronJobs()).map((j) => [j.jobname, j.schedule])).toEqual([
      ['aurora-archive-alerts', '17 3 * * *'],
      ['aurora-archive-each-3-hours', '7 */3 * * *'],
      ['aurora-archive-each-5-minutes', '*/5 * * * *'],
      ['aurora-archive-each-minute', '* * * * *'],
      ['aurora-kp-alert-sender', '*/5 * * * *'],
    ]);
    await stack.sql(`select scheduling.call_function('archive-alerts')`);
    const [last] = await stack.sql<{ url: string; body: unknown }>(
      'select url, body from net.requests order by id desc limit 1',
    );
    expect(last).toEqual({
      url: 'https://project.aurora.invalid/functions/v1/alert-archive',
      body: { days: 90 },
    });
    await stack.sql(`delete from scheduling.function_jobs where name = 'archive-alerts'`);
    expect((await cronJobs()).map((j) => j.jobname)).not.toContain('aurora-archive-alerts');
  });

  it('refuses a schedule pg_cron would not read', async () => {
    await expect(
      stack.sql(
        `insert into scheduling.function_jobs (name, function_name, schedule)
         values ('bad', 'ping', '0 * * * * *')`,
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
