-- A deleted account leaves no row behind, and its still-valid access token can no longer write one
-- (issue 21 item 5). Access tokens live until they expire (an hour), and until now that token could
-- insert a fresh, orphaned profile (profiles.id had no foreign key, the insert policy checked only
-- auth.uid()) and its push-subscription calls failed with 500.

-- profiles.id is text (the RxDB primary key), so the foreign key hangs on a generated uuid copy of
-- it. Profiles of users already gone, and ids that are no uuid at all, cannot satisfy it: they go.
delete from public.profiles p
 where p.id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    or not exists (select 1 from auth.users u where u.id::text = p.id);
alter table public.profiles
  add column user_id uuid generated always as (id::uuid) stored
  references auth.users (id) on delete cascade;
comment on column public.profiles.user_id is 'id as a uuid, for the foreign key to auth.users; never written, not replicated.';

-- The idempotency ledger of a signed-in caller belongs to them (its answers hold their push endpoint
-- and location cell): it goes with the account, and a deleted account's claim cannot be written.
alter table public.function_requests
  add column user_id uuid references auth.users (id) on delete cascade;
create index function_requests_user_id_idx on public.function_requests (user_id);
update public.function_requests f
   set user_id = u.id
  from auth.users u
 where f.scope = split_part(f.scope, ':', 1) || ':' || u.id::text;
delete from public.function_requests f
 where f.user_id is null
   and split_part(f.scope, ':', 2) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

-- Every REST request first asks this (PostgREST's db-pre-request): a token whose account is gone
-- gets 401 on every table, reads included, instead of empty answers and orphaned writes. One
-- primary-key look-up per signed-in request; anon and service-role requests return at once.
create function public.refuse_deleted_accounts() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') <> 'authenticated' then
    return;
  end if;
  if not exists (select 1 from auth.users u where u.id = auth.uid()) then
    -- PTxyz answers HTTP xyz (PostgREST's custom status codes).
    raise sqlstate 'PT401' using
      message = 'This account no longer exists',
      hint = 'Sign in again';
  end if;
end $$;

revoke execute on function public.refuse_deleted_accounts() from public;
grant execute on function public.refuse_deleted_accounts() to anon, authenticated, service_role;

-- Hosted Supabase: PostgREST reads its in-database configuration from the authenticator role.
-- (The local stack passes the same setting as PGRST_DB_PRE_REQUEST: its PostgREST connects as
-- the database owner, not as authenticator; server/postgrest.ts.)
alter role authenticator set pgrst.db_pre_request to 'public.refuse_deleted_accounts';
notify pgrst, 'reload config';
