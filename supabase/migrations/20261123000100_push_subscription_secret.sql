-- Anonymous push subscriptions get an owner of sorts: the browser that subscribed holds a random
-- secret and presents it to change or remove the subscription. Only its SHA-256 (hex) is stored.
-- Rows from before this migration have none; the first secret presented for them is kept.
alter table public.push_subscriptions
  add column secret_hash text check (secret_hash is null or secret_hash ~ '^[0-9a-f]{64}$');
