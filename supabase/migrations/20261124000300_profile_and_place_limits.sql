-- What a profile and a saved place may hold (issue 21 items 7 and 11). Before this a profile took a
-- 900 KB name, a `javascript:` avatar URL and anyone's email address, a user could store 10,000
-- places in well under a second, and a place inserted with `_modified` in 2099 moved the owner's
-- other devices' pull checkpoint past every later change.

-- Profiles ---------------------------------------------------------------------------------------

-- The email on a profile is the account's own, always: it is copied from auth.users whatever the
-- client sent (null when the account has none, as a wallet made by the web3 grant).
create function public.profiles_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- By the user's primary key (an id that is no uuid fails here, as it would the foreign key).
  new.email := (select u.email from auth.users u where u.id = new.id::uuid);
  -- The replication checkpoint is the server's clock: a client's _modified is never kept.
  if tg_op = 'INSERT' then
    new."_modified" := now();
  end if;
  return new;
end $$;
revoke execute on function public.profiles_guard() from public, anon, authenticated;
create trigger profiles_guard before insert or update on public.profiles
  for each row execute function public.profiles_guard();

-- A name and a picture from a sign-in's metadata are cut to what a profile takes, so a sign-up
-- with odd metadata still gets its profile (and is never refused for it).
create function public.profile_name(value text) returns text
language sql immutable set search_path = '' as $$
  select nullif(left(btrim(regexp_replace(value, '[[:cntrl:]]', '', 'g')), 100), '')
$$;
create function public.profile_avatar(value text) returns text
language sql immutable set search_path = '' as $$
  select case when value ~* '^https://[^[:space:][:cntrl:]]+$' and char_length(value) <= 2048 then value end
$$;

-- Rows from before these rules are brought within them first.
update public.profiles set
  full_name = public.profile_name(full_name),
  avatar_url = public.profile_avatar(avatar_url)
where full_name is distinct from public.profile_name(full_name)
   or avatar_url is distinct from public.profile_avatar(avatar_url);
update public.profiles set preferences = '{}'::jsonb where octet_length(preferences::text) > 16384;

alter table public.profiles
  -- A person's name as shown in the header and menus; 100 characters is plenty for any.
  add constraint profiles_full_name_size check (full_name is null or char_length(full_name) between 1 and 100),
  -- An image URL the page may load: https only (no javascript:, data:, http:), at most 2 KB.
  add constraint profiles_avatar_url_https check (
    avatar_url is null or (avatar_url ~* '^https://[^[:space:][:cntrl:]]+$' and char_length(avatar_url) <= 2048)
  ),
  -- The free-form preferences object: 16 KB of JSON, far above what the app writes.
  add constraint profiles_preferences_size check (octet_length(preferences::text) <= 16384);

create or replace function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, avatar_url, full_name)
  values (
    new.id::text,
    new.email,
    public.profile_avatar(coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture')),
    public.profile_name(coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name'))
  )
  on conflict (id) do nothing;
  return new;
end $$;

create or replace function public.handle_user_metadata() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles p set
    avatar_url = coalesce(p.avatar_url, public.profile_avatar(coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture'))),
    full_name = coalesce(p.full_name, public.profile_name(coalesce(new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'name'))),
    email = coalesce(new.email, p.email)
  where p.id = new.id::text
    and (p.avatar_url is null or p.full_name is null or p.email is distinct from coalesce(new.email, p.email));
  return new;
end $$;

-- Places -----------------------------------------------------------------------------------------

/* At most this many saved places per user that are not deleted: far more than anyone names. */
create function public.places_live_cap() returns integer language sql immutable as 'select 200';
/* And at most this many rows per user, deleted ones (replication's tombstones) included. */
create function public.places_row_cap() returns integer language sql immutable as 'select 1000';

create function public.places_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  live integer;
  total integer;
begin
  if tg_op = 'INSERT' then
    -- The replication checkpoint is the server's clock: a client's _modified is never kept.
    new."_modified" := now();
  end if;
  if tg_op = 'INSERT' or (old."_deleted" and not new."_deleted") or old.user_id is distinct from new.user_id then
    -- One writer per user at a time, so two concurrent inserts cannot both take the last place.
    perform pg_advisory_xact_lock(hashtextextended('places:' || new.user_id::text, 0));
    select count(*) filter (where not p."_deleted"), count(*) into live, total
      from public.places p where p.user_id = new.user_id and p.id <> new.id;
    if not new."_deleted" and live >= public.places_live_cap() then
      raise exception 'A user keeps at most % saved places', public.places_live_cap()
        using errcode = 'check_violation', hint = 'Delete a saved place first';
    end if;
    if tg_op = 'INSERT' and total >= public.places_row_cap() then
      raise exception 'A user keeps at most % place records, deleted ones included', public.places_row_cap()
        using errcode = 'check_violation';
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.places_guard() from public, anon, authenticated;
create trigger places_guard before insert or update on public.places
  for each row execute function public.places_guard();

-- The place's _modified from before: none may be ahead of the server's clock.
update public.places set "_modified" = now() where "_modified" > now();
update public.profiles set "_modified" = now() where "_modified" > now();
