-- A deleted user leaves nothing behind: their profile (email, name, picture) goes with them.
-- profiles.id is text (the RxDB primary key), so a foreign key to auth.users(id) cannot cascade.

create function public.handle_deleted_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  delete from public.profiles where id = old.id::text;
  return old;
end $$;

revoke execute on function public.handle_deleted_user() from public, anon, authenticated;

create trigger on_auth_user_deleted after delete on auth.users
  for each row execute function public.handle_deleted_user();
