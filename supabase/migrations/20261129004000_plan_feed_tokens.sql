-- The 14-night plan as a subscribable calendar (issue 28): calendar apps send no JWT, so a feed URL
-- carries a per-user secret (the `plan-feed` function, supabase/functions/CONTEXT.md). Only its
-- SHA-256 is kept: a leaked copy of this table opens no feed. One token per user; making a new one
-- replaces it (the old URLs stop working), deleting the row revokes it, and it goes with the account.

create table public.plan_feed_tokens (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Lowercase hex SHA-256 of the token as sent in the URL (base64url of 32 random bytes).
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

comment on table public.plan_feed_tokens is 'Hashed secrets of the users'' calendar feed URLs; written by the plan-feed function only.';

alter table public.plan_feed_tokens enable row level security;

-- The owner may see whether a link exists and since when; writes go through the function (service
-- role), which makes the token itself so that it is random and never stored in clear.
revoke all on public.plan_feed_tokens from public, anon, authenticated;
grant select on public.plan_feed_tokens to authenticated;
grant all on public.plan_feed_tokens to service_role;

create policy "plan feed tokens are readable by their owner" on public.plan_feed_tokens
  for select to authenticated using ((select auth.uid()) = user_id);
