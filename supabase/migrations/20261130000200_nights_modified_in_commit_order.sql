-- A night's `_modified` in the order its write commits, per user (the replication pulls a user's
-- rows `_modified > checkpoint`, replication-supabase). It was `now()`, the transaction's start:
-- of two writes at once (two devices pushing, or one device's parallel inserts), the one that began
-- first could commit last with the earlier time, after a device had pulled the other and kept its
-- time as checkpoint; that device never pulled it (realtime carries it only to a device online at
-- that moment). Now every write of a user's nights takes the user's lock (the insert guard took it
-- already) and stamps `clock_timestamp()` once it holds it: the lock is held to the commit, so the
-- next write of that user stamps a later time than any committed before it.

create or replace function public.nights_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  oldest text := public.nights_oldest_kept();
  total integer;
begin
  if tg_op = 'INSERT' and new.night < oldest then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('nights:' || new.user_id::text, 0));
  -- The replication checkpoint is the server's clock: a client's _modified is never kept.
  new."_modified" := clock_timestamp();
  if tg_op = 'INSERT' then
    delete from public.nights n where n.user_id = new.user_id and n.night < oldest;
    select count(*) into total from public.nights n where n.user_id = new.user_id;
    if total >= public.nights_row_cap() then
      raise exception 'A user keeps at most % nights', public.nights_row_cap()
        using errcode = 'check_violation';
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.nights_guard() from public, anon, authenticated;

-- The guard stamps updates too (moddatetime stamped the transaction's start, after the guard).
drop trigger nights_modified on public.nights;
drop trigger nights_guard on public.nights;
create trigger nights_guard before insert or update on public.nights
  for each row execute function public.nights_guard();
