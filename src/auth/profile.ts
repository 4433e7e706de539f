import type { SupabaseClient } from '@supabase/supabase-js';
import type { BackendUser } from './persistedSession.ts';

/** Profile fetch: 3 attempts 300 ms apart (5 after a token refresh). */
export const PROFILE_ATTEMPTS = 3;
export const PROFILE_ATTEMPTS_ON_REFRESH = 5;
const PROFILE_RETRY_MS = 300;

export interface ProfileRow {
  id: string;
  email: string | null;
  full_name: string | null;
  avatar_url: string | null;
}

/** The two profile calls (select by id, insert), passed in (supabase-js in the app, fakes in tests). */
export interface ProfileStore {
  /** Select by id; `row` null when there is none. `error` when the call itself failed. */
  select(id: string): Promise<{ row: ProfileRow | null; error: { message: string } | null }>;
  /** Insert; `code` is the Postgres SQLSTATE when the database refused. */
  insert(row: ProfileInsert): Promise<{ error: { message: string; code?: string } | null }>;
}

export interface ProfileInsert {
  id: string;
  email: string | null;
  created_at: string;
  updated_at: string;
  avatar_url?: string;
  full_name?: string;
}

export type ProfileResult =
  | { status: 'found'; profile: ProfileRow }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

export async function loadProfile(
  store: ProfileStore,
  id: string,
  opts: { attempts: number; sleep: (ms: number) => Promise<void> },
): Promise<ProfileResult> {
  let last: ProfileResult = { status: 'not-found' };
  for (let i = 0; i < opts.attempts; i++) {
    if (i > 0) await opts.sleep(PROFILE_RETRY_MS);
    const { row, error } = await store.select(id);
    if (row) return { status: 'found', profile: row };
    // A missing row is retried too: a sign-up trigger may still be creating it.
    last = error ? { status: 'error', message: error.message } : { status: 'not-found' };
  }
  return last;
}

/** The profile insert: id, email, timestamps, and avatar_url/full_name taken from the identity data. */
export function profileInsertFor(user: BackendUser, nowIso: string): ProfileInsert {
  const meta = user.user_metadata ?? {};
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = meta[k];
      if (typeof v === 'string' && v.trim()) return v.trim();
    }
    return undefined;
  };
  const row: ProfileInsert = {
    id: user.id,
    email: user.email ?? null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  const avatar = pick('avatar_url', 'picture');
  const name = pick('full_name', 'name');
  if (avatar) row.avatar_url = avatar;
  if (name) row.full_name = name;
  return row;
}

/**
 * On any auth change the profile is loaded, and created if missing. A failed look-up
 * (offline, server down) does not create anything: only a clean "no such row" does.
 */
export async function ensureProfile(
  store: ProfileStore,
  user: BackendUser,
  opts: { attempts: number; sleep: (ms: number) => Promise<void>; now: () => number },
): Promise<ProfileResult> {
  const loaded = await loadProfile(store, user.id, opts);
  if (loaded.status !== 'not-found') return loaded;
  const insert = profileInsertFor(user, new Date(opts.now()).toISOString());
  const { error } = await store.insert(insert);
  // 23505: another tab or the backend created it between our select and insert — that is success.
  if (error && error.code !== '23505') return { status: 'error', message: error.message };
  return {
    status: 'found',
    profile: {
      id: insert.id,
      email: insert.email,
      full_name: insert.full_name ?? null,
      avatar_url: insert.avatar_url ?? null,
    },
  };
}

/** The profiles table through supabase-js (owner-only RLS: a user reads and creates their own row). */
export function supabaseProfileStore(client: SupabaseClient): ProfileStore {
  return {
    async select(id) {
      const { data, error } = await client
        .from('profiles')
        .select('id, email, full_name, avatar_url')
        .eq('id', id)
        .maybeSingle();
      return { row: (data as never) ?? null, error: error ? { message: error.message } : null };
    },
    async insert(row) {
      const { error } = await client.from('profiles').insert(row);
      return { error: error ? { message: error.message, code: error.code } : null };
    },
  };
}
