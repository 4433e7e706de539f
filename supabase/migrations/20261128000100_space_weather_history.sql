-- History that outlives the agencies' files (issue 27): SWPC's 1-minute Kp keeps about 6 h, the
-- live solar-wind file about a day, 3-hourly Kp about 7 days, so the backend keeps them itself.
--
-- space_weather_samples: one row per series product and sample time (unique, so writing the same
-- file twice changes nothing). `v` holds the sample's fields as the local database stores them
-- (core/compact/compactForm.ts SERIES_FORMS: {"speed": 412.3, "density": null, …}). Public data:
-- anyone reads it (the space-weather function's history route reads it for clients' backfill);
-- only the service role writes. Retention is by product, in the archive job
-- (supabase/functions/archive-space-weather/retention.ts).

create table public.space_weather_samples (
  product text not null check (product ~ '^[a-z0-9-]{1,40}$'),
  t timestamptz not null,
  v jsonb not null check (jsonb_typeof(v) = 'object'),
  source text check (char_length(source) <= 40),
  fetched_at timestamptz not null default now(),
  primary key (product, t)
);

comment on table public.space_weather_samples is
  'Normalised series samples (solar wind, Kp, hemispheric power, GFZ Kp), one per product and time.';

alter table public.space_weather_samples enable row level security;

create policy "Anyone reads the space-weather samples" on public.space_weather_samples
  for select to anon, authenticated using (true);

revoke all on public.space_weather_samples from anon, authenticated;
grant select on public.space_weather_samples to anon, authenticated;
grant all on public.space_weather_samples to service_role;

-- The archive job, on the cadences the agencies update at: solar wind and the 1-minute Kp every
-- minute, OVATION (its frame, kept two days to score tonight's verdicts, and its hemispheric
-- power) every 5 minutes, 3-hourly Kp (SWPC's and GFZ's) and the Kp forecasts every 3 hours
-- (7 minutes past, once the new period is out), with retention.
insert into scheduling.function_jobs (name, function_name, schedule, body, timeout_ms) values
  ('archive-each-minute', 'archive-space-weather', '* * * * *',
    '{"resources": ["solar-wind", "magnetic-field", "kp-1m"]}', 50000),
  ('archive-each-5-minutes', 'archive-space-weather', '*/5 * * * *',
    '{"resources": ["aurora-oval", "aurora-nowcast-hemi-power"]}', 50000),
  ('archive-each-3-hours', 'archive-space-weather', '7 */3 * * *',
    '{"resources": ["kp-index", "kp-gfz", "kp-forecast", "three-day-forecast"], "retention": true}', 120000);
