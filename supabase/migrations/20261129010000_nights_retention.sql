-- Tonight's verdicts are kept for a window, not for ever (issue 27 follow-up): every saved place's
-- night is kept (workers/nights/), so 5,000 rows counted for ever filled in ~25 days at 200 places.
-- The window is core/tonight/nightsKept.ts NIGHTS_KEPT_DAYS (400 days: a year and a month); a night
-- is kept while its date (YYYY-MM-DD) is at or after the UTC date that many days before today.
--
-- Where the clean-up runs: in the insert guard, for the inserting user, before counting. It is
-- self-maintaining (no job, no schedule to keep running; scheduling.function_jobs runs edge
-- functions at the agencies' cadences, for shared data, not per-user rows), it runs exactly when
-- the count needs it, and a user who stops inserting keeps at most the cap. The rows go for good
-- (a hard delete, no tombstone): the device prunes by the same rule (sync/nights/purgeOldNights.ts)
-- and never pushes a night outside the window; a row deleted here is simply not pulled again.
--
-- An insert of a night already outside the window (a device that was behind, an old client) is
-- skipped silently, not refused: replication-supabase takes an insert without an error as written,
-- while a refusal would be retried for ever and hold up the nights behind it in the device's push.

/* The window in days, as core/tonight/nightsKept.ts NIGHTS_KEPT_DAYS. */
create function public.nights_kept_days() returns integer language sql immutable as 'select 400';

/* The oldest night kept today (UTC), as core/tonight/nightsKept.ts oldestNightKept. */
create function public.nights_oldest_kept() returns text language sql stable
  set search_path = '' as
  $$ select to_char((now() at time zone 'utc')::date - public.nights_kept_days(), 'YYYY-MM-DD') $$;

/*
 * Rows per user inside the window, deleted ones included: an anti-abuse bound legitimate use never
 * reaches. 200 saved places (places_live_cap(), 20261124000300) × 402 nights (the 401 dates of the
 * window and tomorrow's, a night's date being that of the local noon it follows) = 80,400, and room
 * for ~48 positions shared on the device a night beside them. Worst case per user: a row at every
 * column's limit in 4-byte UTF-8 (id 480 B, place_id 320, place_name 240, line 1,600, the rest
 * ~150) is ~2.8 KB with its tuple header, its three index entries ~1.2 KB: ~4 KB × 100,000 ≈ 400 MB.
 * A real row is ~350 B with ~250 B of index: ~60 MB at the cap.
 */
create or replace function public.nights_row_cap() returns integer language sql immutable as 'select 100000';

-- The guard deletes and counts by (user, night).
create index nights_user_night on public.nights (user_id, night);

create or replace function public.nights_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  oldest text := public.nights_oldest_kept();
  total integer;
begin
  if tg_op = 'INSERT' then
    if new.night < oldest then
      return null;
    end if;
    -- The replication checkpoint is the server's clock: a client's _modified is never kept.
    new."_modified" := now();
    perform pg_advisory_xact_lock(hashtextextended('nights:' || new.user_id::text, 0));
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

-- The rows the old rule kept beyond the window go now.
delete from public.nights where night < public.nights_oldest_kept();
