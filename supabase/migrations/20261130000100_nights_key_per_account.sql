-- A night's id is made on the device (core/tonight/nightRecord.ts: `<place id>@<night>`), and the
-- position shared on a device is kept at 0.1°, so two accounts in one town the same night keep a
-- record under the same id (`here:69.7,19.0@2026-11-25`). With `id` alone as the primary key the
-- second account's insert met the first account's row, which RLS hides from it: replication-supabase
-- could not read the conflicting row ("doc not found"), retried the push for ever and held up every
-- night behind it; and the refusal told the second account that someone had kept that position
-- that night. The key is the account's and the id together: every read and write is the owner's
-- already (RLS), and realtime announces a change by the whole key.

alter table public.nights drop constraint nights_pkey;
alter table public.nights add primary key (user_id, id);
