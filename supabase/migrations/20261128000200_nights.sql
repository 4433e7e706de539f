-- Tonight's verdicts, kept and scored (issue 27): one row per night and place, the verdict the app
-- showed and, once the night's hours are over, what OVATION saw at the place during them
-- (core/tonight/nightRecord.ts). Replicated to the owner's devices by RxDB's replication-supabase
-- like places: a flat table (no array or object column), a text primary key equal to the RxDB
-- primary key, `_modified` kept by a BEFORE UPDATE trigger (and the server's clock on insert),
-- soft deletes through `_deleted`, the table in the supabase_realtime publication, rows readable
-- and writable only by their owner. `user_id` defaults to the caller.

create table public.nights (
  id text primary key check (length(id) between 1 and 120),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  place_id text not null check (length(place_id) between 1 and 80),
  place_name text not null check (length(place_name) between 1 and 60),
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  night text not null check (night ~ '^\d{4}-\d{2}-\d{2}$'),
  level text not null check (level in ('GO', 'MAYBE', 'NO')),
  window_from bigint,
  window_to bigint,
  line text not null check (length(line) <= 400),
  judged_at bigint not null,
  outcome text check (outcome in ('GO', 'MAYBE', 'NO', 'no-data')),
  seen_overhead double precision check (seen_overhead between 0 and 100),
  seen_visible double precision check (seen_visible between 0 and 100),
  frames integer not null default 0 check (frames between 0 and 10000),
  scored_at bigint,
  "_modified" timestamptz not null default now(),
  "_deleted" boolean not null default false
);

comment on table public.nights is 'Tonight''s verdicts a user saw and their scores; replicated to clients by RxDB.';

create index nights_user_modified on public.nights (user_id, "_modified", id);

create trigger nights_modified before update on public.nights
  for each row execute function extensions.moddatetime('_modified');

/* At most this many rows per user, deleted ones included: a night a day at a few places, for years. */
create function public.nights_row_cap() returns integer language sql immutable as 'select 5000';

create function public.nights_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  total integer;
begin
  if tg_op = 'INSERT' then
    -- The replication checkpoint is the server's clock: a client's _modified is never kept.
    new."_modified" := now();
    perform pg_advisory_xact_lock(hashtextextended('nights:' || new.user_id::text, 0));
    select count(*) into total from public.nights n where n.user_id = new.user_id;
    if total >= public.nights_row_cap() then
      raise exception 'A user keeps at most % nights', public.nights_row_cap()
        using errcode = 'check_violation';
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.nights_guard() from public, anon, authenticated;
create trigger nights_guard before insert on public.nights
  for each row execute function public.nights_guard();

alter table public.nights enable row level security;

revoke all on public.nights from anon;
grant select, insert, update on public.nights to authenticated;
grant all on public.nights to service_role;

create policy "nights are readable by their owner" on public.nights
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "nights are created by their owner" on public.nights
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "nights are updated by their owner" on public.nights
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

alter publication supabase_realtime add table public.nights;
