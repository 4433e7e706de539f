-- A profile's `_modified` in the order its writes commit, as the places' and nights'
-- (20261130000200_nights_modified_in_commit_order.sql says why). A profile is one row: a BEFORE
-- UPDATE trigger runs once the row is locked, so `clock_timestamp()` there is later than the commit
-- of the write before it, where moddatetime stamped the transaction's start — a write that began
-- first but committed last carried a time behind a checkpoint a device already kept.

create or replace function public.profiles_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- By the user's primary key (an id that is no uuid fails here, as it would the foreign key).
  new.email := (select u.email from auth.users u where u.id = new.id::uuid);
  -- The replication checkpoint is the server's clock: a client's _modified is never kept.
  new."_modified" := clock_timestamp();
  return new;
end $$;
revoke execute on function public.profiles_guard() from public, anon, authenticated;

drop trigger profiles_modified on public.profiles;
