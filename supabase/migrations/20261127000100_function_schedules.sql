-- Periodic function calls (issue 26): one row per job in scheduling.function_jobs, the one list of
-- schedules. On hosted Supabase pg_cron runs each job and pg_net POSTs to the function, with the
-- project URL and the service-role key read from Vault at every run (never written here, never
-- stored in cron.job). `npm start` has no pg_cron (PGlite, or Debian's PostgreSQL 15): it reads the
-- same rows and runs them itself (server/schedules.ts).
--
-- To add a job (an archive, a digest), insert a row in a later migration; the trigger below
-- schedules it wherever pg_cron is present:
--   insert into scheduling.function_jobs (name, function_name, schedule)
--     values ('archive-alerts', 'alert-archive', '17 3 * * *');

-- Both extensions exist on hosted Supabase (and under `supabase start`); elsewhere the jobs are
-- listed but not scheduled in the database.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
    and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
  end if;
end $$;

-- Its own schema: PostgREST exposes only `public`, and nobody but the owner reads or calls this.
create schema if not exists scheduling;
revoke all on schema scheduling from public;

create table scheduling.function_jobs (
  -- The pg_cron job is named 'aurora-<name>'.
  name text primary key check (name ~ '^[a-z0-9][a-z0-9-]{0,40}$'),
  -- A folder of supabase/functions/.
  function_name text not null check (function_name ~ '^[a-z0-9][a-z0-9_-]{0,60}$'),
  -- Five-field cron (minute hour day-of-month month day-of-week), in UTC as pg_cron reads it.
  schedule text not null check (array_length(regexp_split_to_array(trim(schedule), '\s+'), 1) = 5),
  -- The JSON body of the POST.
  body jsonb not null default '{}'::jsonb,
  -- How long pg_net waits for the function's answer.
  timeout_ms integer not null default 10000 check (timeout_ms between 1000 and 120000)
);

comment on table scheduling.function_jobs is
  'Functions called on a schedule: pg_cron + pg_net where installed, npm start otherwise.';

-- Kp is polled upstream once a minute; checking more often than that finds nothing new.
insert into scheduling.function_jobs (name, function_name, schedule)
  values ('kp-alert-sender', 'kp-alert-sender', '* * * * *');

-- One run of a job: POST <project_url>/functions/v1/<function> with the service-role key, both read
-- from Vault now (`select vault.create_secret(...)`, docs/deploy.md). Returns pg_net's request id.
create function scheduling.call_function(job_name text) returns bigint
language plpgsql set search_path = '' as $$
declare
  job scheduling.function_jobs;
  project_url text;
  service_role_key text;
begin
  select * into job from scheduling.function_jobs where name = job_name;
  if not found then
    raise exception 'No scheduled job named %', job_name;
  end if;
  select decrypted_secret into project_url
    from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_role_key
    from vault.decrypted_secrets where name = 'service_role_key';
  if project_url is null or service_role_key is null then
    raise exception 'Vault holds no project_url or service_role_key: see docs/deploy.md';
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/' || job.function_name,
    body := job.body,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_role_key
    ),
    timeout_milliseconds := job.timeout_ms
  );
end $$;

-- Makes pg_cron's jobs match the table: each row scheduled (cron.schedule replaces a job of the same
-- name), and our jobs whose row is gone unscheduled. Does nothing where pg_cron is not installed.
create function scheduling.apply_schedules() returns void
language plpgsql set search_path = '' as $$
declare
  job record;
begin
  if to_regnamespace('cron') is null then
    return;
  end if;
  for job in select name, schedule from scheduling.function_jobs loop
    perform cron.schedule(
      'aurora-' || job.name,
      job.schedule,
      format('select scheduling.call_function(%L)', job.name)
    );
  end loop;
  perform cron.unschedule(j.jobname)
    from cron.job j
    where j.jobname like 'aurora-%'
      and substr(j.jobname, length('aurora-') + 1) not in (select name from scheduling.function_jobs);
end $$;

create function scheduling.apply_schedules_after_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform scheduling.apply_schedules();
  return null;
end $$;

create trigger function_jobs_changed
  after insert or update or delete or truncate on scheduling.function_jobs
  for each statement execute function scheduling.apply_schedules_after_change();

revoke all on all functions in schema scheduling from public;
revoke all on scheduling.function_jobs from public;

select scheduling.apply_schedules();
