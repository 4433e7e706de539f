-- Alerts that mean "go outside now" (issue 25): what each push subscription asks to be alerted
-- about, the alert engine's state per rule (core/alerts/alertEngine.ts), and the clouds of the
-- coarse cells that have subscribers. Written by the push-subscription function and the sender
-- (kp-alert-sender), both as the service role.

-- The device's own subscriber id (it names the events in its notifications' tags, on the device
-- and here alike), the times of the alerts it was sent in the last 6 hours (at most 3), and when
-- to try it again after its push service answered 429 or 5xx (kp-alert-sender/deliver.ts).
alter table public.push_subscriptions
  add column subscriber_id text check (subscriber_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  add column recent_alerts bigint[] not null default '{}'
    check (cardinality(recent_alerts) <= 16),
  add column retry_at timestamptz;

comment on column public.push_subscriptions.alert_active is
  'Unused since 20261128002500: the alert engine keeps its state in alert_rules.state.';

create table public.alert_rules (
  subscription_id uuid not null references public.push_subscriptions (id) on delete cascade,
  -- "69.7_19.0:visible" or "anywhere:kp" (core/alerts/alertRule.ts ruleKey).
  rule_key text not null check (rule_key ~ '^(anywhere|-?\d{1,2}\.\d_-?\d{1,3}\.\d):(visible|kp)$'),
  kind text not null check (kind in ('visible', 'kp')),
  -- The place of a `visible` rule, and only of one: numeric(·,1) keeps 0.1° (about 11 km) and no
  -- finer, whatever a caller sends.
  place_name text check (char_length(place_name) between 1 and 60),
  place_lat numeric(3, 1) check (place_lat between -90 and 90),
  place_lon numeric(4, 1) check (place_lon between -180 and 180),
  kp_threshold numeric(3, 2) not null default 5 check (kp_threshold between 0 and 9),
  all_clear boolean not null default false,
  quiet_from text check (quiet_from ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  quiet_to text check (quiet_to ~ '^([01]\d|2[0-3]):[0-5]\d$'),
  time_zone text check (char_length(time_zone) between 1 and 64),
  muted_until timestamptz,
  state jsonb not null default '{}'::jsonb check (octet_length(state::text) <= 16384),
  updated_at timestamptz not null default now(),
  primary key (subscription_id, rule_key),
  constraint alert_rules_place check (
    (kind = 'visible' and place_name is not null and place_lat is not null and place_lon is not null)
    or (kind = 'kp' and place_name is null and place_lat is null and place_lon is null)
  ),
  constraint alert_rules_quiet_pair check ((quiet_from is null) = (quiet_to is null))
);

comment on table public.alert_rules is
  'Per push subscription: what to alert about (a visible rule per place, one Kp rule), and the alert engine''s state.';

-- The sender walks the visible rules cell by cell.
create index alert_rules_cell_idx on public.alert_rules (place_lat, place_lon) where kind = 'visible';

alter table public.alert_rules enable row level security;

create policy "Owners read the alert rules of their push subscriptions" on public.alert_rules
  for select to authenticated using (
    exists (
      select 1 from public.push_subscriptions s
      where s.id = subscription_id and s.user_id = (select auth.uid())
    )
  );

revoke all on public.alert_rules from anon, authenticated;
grant select on public.alert_rules to authenticated;
grant all on public.alert_rules to service_role;

-- Clouds per coarse cell (the 0.1° place cell of the weather function) with visible subscribers:
-- fetched from the weather function at most hourly and kept here, so a cold sender isolate does not
-- ask MET Norway again (hosted Supabase runs each function in its own short-lived isolates).
create table public.alert_cells (
  cell text primary key check (cell ~ '^-?\d{1,2}\.\d_-?\d{1,3}\.\d$'),
  clouds jsonb,
  -- The weather function's `source`: upstream or replay (a replay never yields an alert).
  source text check (source in ('upstream', 'replay')),
  fetched_at timestamptz,
  last_error text
);

alter table public.alert_cells enable row level security;
revoke all on public.alert_cells from anon, authenticated;
grant all on public.alert_cells to service_role;

-- Every subscription made before rules existed keeps its Kp alert, all-clear included (what the
-- sender sent until now).
insert into public.alert_rules (subscription_id, rule_key, kind, kp_threshold, all_clear)
  select id, 'anywhere:kp', 'kp', kp_threshold, true from public.push_subscriptions;

-- Every 5 minutes: OVATION changes every 5, and the sender now works out tonight's verdict per
-- cell; Kp alerts are at most 5 minutes later than before.
update scheduling.function_jobs
  set schedule = '*/5 * * * *', timeout_ms = 60000
  where name = 'kp-alert-sender';
