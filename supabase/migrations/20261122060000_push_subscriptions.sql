-- Web Push subscriptions for the Kp alert sender, plus the idempotency ledger the functions use
-- so a queued request replayed with the same Idempotency-Key takes effect once.
-- Written by the push-subscription function (service role); owners may read and remove their own.

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  endpoint text not null unique check (char_length(endpoint) between 8 and 2048),
  p256dh text not null check (char_length(p256dh) between 1 and 256),
  auth text not null check (char_length(auth) between 1 and 128),
  expiration_time timestamptz,
  -- Null for anonymous subscribers.
  user_id uuid references auth.users (id) on delete cascade,
  kp_threshold numeric(3, 2) not null default 5 check (kp_threshold >= 0 and kp_threshold <= 9),
  -- A coarse location cell in whole degrees at most; precise coordinates are never stored.
  cell_lat smallint check (cell_lat between -90 and 90),
  cell_lon smallint check (cell_lon between -180 and 180),
  -- Alert state kept by kp-alert-sender: one alert per event, an all-clear when it ends.
  alert_active boolean not null default false,
  last_alert_kp numeric(4, 2),
  last_alert_at timestamptz,
  last_all_clear_at timestamptz,
  failure_count integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint push_subscriptions_cell_pair check ((cell_lat is null) = (cell_lon is null))
);

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

create or replace function public.push_subscriptions_touch() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

create trigger push_subscriptions_touch before update on public.push_subscriptions
  for each row execute function public.push_subscriptions_touch();

alter table public.push_subscriptions enable row level security;

create policy "Owners read their push subscriptions" on public.push_subscriptions
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Owners remove their push subscriptions" on public.push_subscriptions
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.push_subscriptions from anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

-- Idempotency-Key ledger: the first request with a key records its answer; replays get it back.
create table public.function_requests (
  scope text not null,
  key text not null check (char_length(key) between 1 and 200),
  status smallint,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create index function_requests_created_at_idx on public.function_requests (created_at);

alter table public.function_requests enable row level security;
revoke all on public.function_requests from anon, authenticated;
grant all on public.function_requests to service_role;
