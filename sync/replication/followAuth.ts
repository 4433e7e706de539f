import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuroraDatabase } from '../database.ts';
import { startAccountSync, type AccountSync } from './accountSync.ts';

/**
 * Keep preference sync in step with the session: sign-in (or a restored session) starts it for
 * that user, a token refresh restarts it (cancel + re-create, same identifier), a different user
 * replaces it, sign-out stops it and leaves the device with the user's last preferences.
 * The auth layer calls this once with its client; returns a function that undoes it.
 */
export function followAuth(
  db: AuroraDatabase,
  client: SupabaseClient,
  opts: { waitForLeadership?: boolean } = {},
): () => void {
  let sync: AccountSync | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (fn: () => Promise<unknown>) => {
    chain = chain.then(fn).catch(() => undefined);
  };
  const { data } = client.auth.onAuthStateChange((event, session) => {
    const userId = session?.user?.id ?? null;
    serial(async () => {
      if (event === 'SIGNED_OUT' || userId === null) {
        const s = sync;
        sync = null;
        await s?.stop({ signOut: event === 'SIGNED_OUT' });
        return;
      }
      if (sync && sync.userId !== userId) {
        await sync.stop({ signOut: true });
        sync = null;
      }
      if (!sync) {
        sync = startAccountSync({ db, client, userId, waitForLeadership: opts.waitForLeadership });
        return;
      }
      if (event === 'TOKEN_REFRESHED') await sync.restart();
    });
  });
  return () => {
    data.subscription.unsubscribe();
    serial(async () => {
      await sync?.stop();
      sync = null;
    });
  };
}
