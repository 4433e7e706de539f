-- Which account a wallet signs in to (issue 11: wallet account takeover). A wallet's account is
-- found by its verified address here, never by matching an email: anyone could have registered
-- the synthetic `<address>@ethereum.local` before the wallet's first sign-in. Only the service
-- role (siwe-verify, the auth server's web3 grant) reads or writes it.

create table public.wallet_accounts (
  -- Lower-case 0x address, as verified from the SIWE signature.
  address text primary key check (address ~ '^0x[0-9a-f]{40}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.wallet_accounts is 'Verified Ethereum address -> its account; written only by the server.';

create index wallet_accounts_user_id on public.wallet_accounts (user_id);

alter table public.wallet_accounts enable row level security;
revoke all on public.wallet_accounts from public, anon, authenticated;
grant all on public.wallet_accounts to service_role;

-- Wallet accounts made before this table: app_metadata is writable only by the service role, so a
-- synthetic user whose app_metadata says ethereum was made by siwe-verify, not by a sign-up.
insert into public.wallet_accounts (address, user_id)
select lower(split_part(u.email, '@', 1)), u.id
from auth.users u
where u.raw_app_meta_data ->> 'provider' = 'ethereum'
  and lower(u.email) ~ '^0x[0-9a-f]{40}@ethereum\.local$'
on conflict (address) do nothing;

-- And those made by the web3 grant (identity provider_id `web3:ethereum:<address>`).
insert into public.wallet_accounts (address, user_id)
select lower(substr(i.provider_id, 15)), i.user_id
from auth.identities i
where i.provider = 'web3' and lower(i.provider_id) ~ '^web3:ethereum:0x[0-9a-f]{40}$'
on conflict (address) do nothing;
