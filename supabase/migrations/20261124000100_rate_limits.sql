-- Per-address request limits of the functions (issue 21 items 4 and 6), kept in the database so
-- they hold across every isolate of hosted Supabase's edge runtime (an in-memory counter would be
-- one per isolate, and isolates come and go). Token buckets: a key holds up to `capacity` tokens,
-- refilled at `capacity` per window; each request takes one. Only the service role (the
-- functions) touches them.

create table public.rate_limits (
  -- What is limited, e.g. 'push-subscription', 'siwe-nonce', 'siwe-verify'.
  bucket text not null check (char_length(bucket) between 1 and 64),
  -- Who: the caller's address (IPv6 by its /64), as the function derived it.
  key text not null check (char_length(key) between 1 and 128),
  tokens double precision not null,
  updated_at timestamptz not null,
  primary key (bucket, key)
);

create index rate_limits_bucket_updated_at on public.rate_limits (bucket, updated_at);

alter table public.rate_limits enable row level security;
revoke all on public.rate_limits from public, anon, authenticated;
grant all on public.rate_limits to service_role;

-- Takes one token of (bucket, key): 0 when taken, else the whole seconds until one is there (the
-- answer's Retry-After). A refused request takes nothing, so a client that waits gets through.
-- One row per key, locked while it is decided: concurrent requests of one key queue on it.
create function public.take_rate_limit_token(
  p_bucket text, p_key text, p_capacity integer, p_window_seconds integer
) returns integer language plpgsql set search_path = '' as $$
declare
  per_second double precision := p_capacity::double precision / p_window_seconds;
  at_now timestamptz := clock_timestamp();
  held double precision;
  held_at timestamptz;
begin
  -- A bucket idle for a whole window is full again, the same as no row: forget those of this
  -- bucket, so addresses sprayed once do not pile up.
  delete from public.rate_limits l
   where l.bucket = p_bucket and l.updated_at < at_now - make_interval(secs => p_window_seconds);
  insert into public.rate_limits (bucket, key, tokens, updated_at)
  values (p_bucket, p_key, p_capacity, at_now)
  on conflict (bucket, key) do nothing;
  select l.tokens, l.updated_at into held, held_at
    from public.rate_limits l where l.bucket = p_bucket and l.key = p_key for update;
  held := least(p_capacity, held + greatest(0, extract(epoch from at_now - held_at)) * per_second);
  if held >= 1 then
    update public.rate_limits l set tokens = held - 1, updated_at = at_now
     where l.bucket = p_bucket and l.key = p_key;
    return 0;
  end if;
  update public.rate_limits l set tokens = held, updated_at = at_now
   where l.bucket = p_bucket and l.key = p_key;
  return greatest(1, ceil((1 - held) / per_second))::integer;
end $$;

revoke execute on function public.take_rate_limit_token(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit_token(text, text, integer, integer) to service_role;
