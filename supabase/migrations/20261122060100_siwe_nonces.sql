-- Server-issued Sign-In with Ethereum nonces: short-lived and single use. Only the service role
-- (the siwe-verify function) touches them; RLS is on with no policy, so no client can.

create table public.siwe_nonces (
  nonce text primary key check (nonce ~ '^[A-Za-z0-9]{8,64}$'),
  expires_at timestamptz not null,
  used boolean not null default false,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index siwe_nonces_expires_at_idx on public.siwe_nonces (expires_at);

alter table public.siwe_nonces enable row level security;
revoke all on public.siwe_nonces from anon, authenticated;
grant all on public.siwe_nonces to service_role;
