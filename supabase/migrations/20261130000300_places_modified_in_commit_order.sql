-- A place's `_modified` in the order its write commits, per user, as the nights'
-- (20261130000200_nights_modified_in_commit_order.sql says why): every write of a user's places
-- takes the user's lock (inserts and revivals took it already, for the caps) and stamps
-- `clock_timestamp()` once it holds it, so a write that began first but committed last can no
-- longer carry a time behind a checkpoint a device already keeps.

create or replace function public.places_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  live integer;
  total integer;
begin
  -- One writer per user at a time: two concurrent inserts cannot both take the last place, and
  -- the time stamped below is later than that of every write of the user committed before.
  perform pg_advisory_xact_lock(hashtextextended('places:' || new.user_id::text, 0));
  -- The replication checkpoint is the server's clock: a client's _modified is never kept.
  new."_modified" := clock_timestamp();
  if tg_op = 'INSERT' or (old."_deleted" and not new."_deleted") or old.user_id is distinct from new.user_id then
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

-- The guard stamps updates too (moddatetime stamped the transaction's start, after the guard).
drop trigger places_modified on public.places;
