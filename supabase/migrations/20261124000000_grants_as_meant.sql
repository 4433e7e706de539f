-- Grants as the migrations meant them (issue 21 item 15). The local bootstrap used to grant ALL on
-- every public table at each start, after which a restarted local database had lost every revoke;
-- this puts them back there, and on hosted Supabase (whose default grants also give every new
-- table ALL to anon and authenticated) it takes away what the earlier migrations forgot to:
-- authenticated kept DELETE, TRUNCATE, REFERENCES and TRIGGER on profiles and places.
revoke all on public.profiles, public.places from public, anon, authenticated;
grant select, insert, update on public.profiles, public.places to authenticated;

revoke all on public.push_subscriptions from public, anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;

revoke all on public.function_requests, public.siwe_nonces, public.wallet_accounts from public, anon, authenticated;

revoke all on public.space_weather_archive from public, anon, authenticated;
grant select on public.space_weather_archive to anon, authenticated;
