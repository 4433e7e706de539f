-- Saved places (issue 14): "my location" or a point the user named, for tonight's verdict and where
-- the map opens. Replicated to the owner's devices by RxDB's replication-supabase, like profiles:
-- a text primary key equal to the RxDB primary key (a UUID made on the device), `_modified` kept by
-- a BEFORE UPDATE trigger, soft deletes through `_deleted`, the table in the supabase_realtime
-- publication, rows readable and writable only by their owner. `user_id` defaults to the caller, so
-- the client's documents (which do not carry it) insert as they are.

create extension if not exists moddatetime schema extensions;

create table public.places (
  id text primary key check (length(id) between 1 and 64),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(name) between 1 and 60),
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  kind text not null check (kind in ('my-location', 'picked')),
  chosen_at bigint,
  "_modified" timestamptz not null default now(),
  "_deleted" boolean not null default false
);

comment on table public.places is 'A user''s saved places; replicated to clients by RxDB.';

create index places_user_modified on public.places (user_id, "_modified", id);

create trigger places_modified before update on public.places
  for each row execute function extensions.moddatetime('_modified');

alter table public.places enable row level security;

revoke all on public.places from anon;
grant select, insert, update on public.places to authenticated;
grant all on public.places to service_role;

create policy "places are readable by their owner" on public.places
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "places are created by their owner" on public.places
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "places are updated by their owner" on public.places
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

alter publication supabase_realtime add table public.places;
