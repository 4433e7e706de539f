-- Local stack only: what hosted Supabase already provides before our migrations run.
-- Idempotent: it runs on every start, against a fresh or an existing database.

do $$
begin
  begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end;
  begin create role authenticator login noinherit; exception when duplicate_object or unique_violation then null; end;
  if not pg_has_role('authenticator', 'anon', 'member') then
    begin grant anon, authenticated, service_role to authenticator; exception when others then null; end;
  end if;
  -- The gateway and PostgREST connect with the DATABASE_URL user; it must be able to SET ROLE.
  if not (select rolsuper from pg_roles where rolname = current_user) and not pg_has_role(current_user, 'authenticated', 'member') then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end $$;

create schema if not exists auth;
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists moddatetime with schema extensions;

grant usage on schema public, auth, extensions to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  aal text not null default 'aal1',
  amr jsonb not null default '[]'::jsonb
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id varchar(255) not null,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- PKCE flows (OAuth via the test identity provider, sign-up with a code challenge).
create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  auth_code text not null unique,
  code_challenge text not null,
  code_challenge_method text not null,
  provider_type text not null,
  user_id uuid references auth.users (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now()
);

-- Magic links, recovery and sign-up confirmations: single use, short lived.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  otp text not null,
  created_at timestamptz not null default now()
);
-- Wrong codes entered against a token: it dies after a few (server/auth/limits.ts), so its 6 digits cannot be guessed.
alter table auth.one_time_tokens add column if not exists attempts integer not null default 0;

create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(
    coalesce(current_setting('request.jwt.claim.sub', true), (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')),
    '')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select nullif(
    coalesce(current_setting('request.jwt.claim.role', true), (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')),
    '')::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- Hosted Supabase's default grants: RLS, not grants, is what keeps rows private. Default privileges
-- only: they reach the tables the migrations create next, whose own revokes then stand. A grant on
-- every existing table here would undo those revokes at each restart (this file runs on every start).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);

-- Realtime feed (hosted Supabase reads the WAL; here triggers on published tables announce
-- changes by primary key only, and the gateway re-selects each row as each subscriber).
create schema if not exists realtime_local;
create table if not exists realtime_local.changes (
  id bigserial primary key,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

create or replace function realtime_local.sync_triggers() returns void language plpgsql as $$
declare
  t record;
  pkcols text;
begin
  for t in
    select c.oid, p.schemaname, p.tablename
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime'
  loop
    select string_agg(quote_literal(a.attname), ',' order by array_position(i.indkey::int2[], a.attnum))
      into pkcols
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
      where i.indrelid = t.oid and i.indisprimary;
    execute format('drop trigger if exists realtime_local_notify on %I.%I', t.schemaname, t.tablename);
    execute format('create trigger realtime_local_notify after insert or update or delete on %I.%I for each row execute function realtime_local.notify(%s)',
      t.schemaname, t.tablename, coalesce(pkcols, ''));
  end loop;
end $$;
