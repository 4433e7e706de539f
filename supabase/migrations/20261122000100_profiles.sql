-- Profiles: one row per user, readable and writable only by its owner.
-- The map preferences are flat columns so RxDB's replication-supabase can replicate the row:
-- a text primary key equal to the RxDB primary key (the user's uuid as text), `_modified` kept
-- by a BEFORE UPDATE trigger, soft deletes through `_deleted`, and the table in the
-- supabase_realtime publication. `preferences` (a free-form object) is not replicated:
-- clients that replicate this table must leave it out of their documents.

create extension if not exists moddatetime schema extensions;

create table public.profiles (
  id text primary key,
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  avatar_url text,
  full_name text,
  preferences jsonb not null default '{}'::jsonb,
  default_map_view text not null default 'flat' check (default_map_view in ('3d', 'flat')),
  default_map_style text not null default 'dark' check (length(default_map_style) between 1 and 64),
  show_aurora_on_load boolean not null default true,
  show_clouds_on_load boolean not null default false,
  "_modified" timestamptz not null default now(),
  "_deleted" boolean not null default false
);

comment on table public.profiles is 'One row per user (id = auth.users.id as text); replicated to clients by RxDB.';

-- The product's rule: in the stored column, "globe" means 3d and anything else means flat.
create function public.profiles_normalise() returns trigger language plpgsql set search_path = '' as $$
begin
  new.default_map_view := case when new.default_map_view in ('3d', 'globe') then '3d' else 'flat' end;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
    new.created_at := old.created_at;
  end if;
  return new;
end $$;

create trigger profiles_normalise before insert or update on public.profiles
  for each row execute function public.profiles_normalise();

create trigger profiles_modified before update on public.profiles
  for each row execute function extensions.moddatetime('_modified');

alter table public.profiles enable row level security;

revoke all on public.profiles from anon;
grant select, insert, update on public.profiles to authenticated;
grant all on public.profiles to service_role;

create policy "profiles are readable by their owner" on public.profiles
  for select to authenticated using ((select auth.uid())::text = id);
create policy "profiles are created by their owner" on public.profiles
  for insert to authenticated with check ((select auth.uid())::text = id);
create policy "profiles are updated by their owner" on public.profiles
  for update to authenticated using ((select auth.uid())::text = id) with check ((select auth.uid())::text = id);

alter publication supabase_realtime add table public.profiles;

-- A profile exists from the first sign-in on: social sign-ups bring avatar_url (or picture) and
-- full_name (or name) in their identity data.
create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, avatar_url, full_name)
  values (
    new.id::text,
    new.email,
    coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture'),
    coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name')
  )
  on conflict (id) do nothing;
  return new;
end $$;

-- A later social sign-in fills what the profile still lacks, never overwriting the user's edits.
create function public.handle_user_metadata() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles p set
    avatar_url = coalesce(p.avatar_url, new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture'),
    full_name = coalesce(p.full_name, new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name'),
    email = coalesce(new.email, p.email)
  where p.id = new.id::text
    and (p.avatar_url is null or p.full_name is null or p.email is distinct from coalesce(new.email, p.email));
  return new;
end $$;

revoke execute on function public.handle_new_user(), public.handle_user_metadata(), public.profiles_normalise() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
create trigger on_auth_user_metadata_updated after update of raw_user_meta_data, email on auth.users
  for each row execute function public.handle_user_metadata();
