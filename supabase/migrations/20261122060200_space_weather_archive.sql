-- Normalised space-weather chunks archived by the space-weather function (best effort).
-- One row per chunk: a series day (`series/<product>/<YYYY-MM-DD>`), an OVATION frame
-- (`grid/<observation time>`) or a product record (`product/<id>`). Public data: anyone may read;
-- only the service role writes.

create table public.space_weather_archive (
  resource text not null,
  chunk_id text not null,
  data_time timestamptz,
  payload jsonb not null,
  fetched_at timestamptz not null default now(),
  primary key (resource, chunk_id)
);

create index space_weather_archive_data_time_idx on public.space_weather_archive (resource, data_time desc);

alter table public.space_weather_archive enable row level security;

create policy "Anyone reads the space-weather archive" on public.space_weather_archive
  for select to anon, authenticated using (true);

revoke all on public.space_weather_archive from anon, authenticated;
grant select on public.space_weather_archive to anon, authenticated;
grant all on public.space_weather_archive to service_role;
