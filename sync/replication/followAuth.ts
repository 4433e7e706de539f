import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuroraDatabase } from '../database.ts';
import { startAccountSync, type AccountSync } from './accountSync.ts';

/** Whether the page may use the network (online, and the user has not chosen Go Offline). */
export interface NetworkGate {
  allowed(): boolean;
  /** Called with the new answer whenever it changes; returns the unsubscribe. */
  subscribe(listener: (allowed: boolean) => void): () => void;
}

export interface FollowAuthOptions {
  waitForLeadership?: boolean;
  /**
   * The user of the session stored on this device (supabase-js' persisted session), read
   * synchronously. Offline, supabase-js may announce no session (an expired token it cannot
   * refresh yet) or announce it late: the stored user's sync starts at once all the same, so
   * their edits go to their own document, and stays while that session is stored.
   */
  storedUserId?: () => string | null;
  /**
   * No replication (and no realtime socket) while the network may not be used; when it may again
   * (the `online` event, Go Online) the replication starts afresh and pushes what waited.
   * Without a gate replication always runs, retrying on its own.
   */
  network?: NetworkGate;
}

/**
 * Keep preference sync in step with the session: sign-in (or a restored session) starts it for
 * that user, a token refresh restarts it (cancel + re-create, same identifier), a different user
 * replaces it, sign-out stops it and leaves the device with the user's last preferences.
 * The auth layer calls this once with its client; returns a function that undoes it.
 */
export function followAuth(
  db: AuroraDatabase,
  client: SupabaseClient,
  opts: FollowAuthOptions = {},
): () => void {
  let sync: AccountSync | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (fn: () => Promise<unknown>) => {
    chain = chain.then(fn).catch(() => undefined);
  };
  const allowed = () => opts.network?.allowed() ?? true;
  const start = (userId: string) => {
    sync = startAccountSync({
      db,
      client,
      userId,
      waitForLeadership: opts.waitForLeadership,
      paused: !allowed(),
    });
  };
  const quiet = async () => {
    await sync?.pause();
    // Cancelling the replications leaves realtime's socket open, with its heartbeats.
    client.realtime.disconnect();
  };

  const stored = opts.storedUserId?.() ?? null;
  if (stored) serial(async () => start(stored));

  const { data } = client.auth.onAuthStateChange((event, session) => {
    const userId = session?.user?.id ?? null;
    serial(async () => {
      // Offline, the first announcement can be "no session" while the session is still stored
      // (supabase-js could not refresh it yet, and keeps it): the stored user stays.
      if (
        event !== 'SIGNED_OUT' &&
        userId === null &&
        sync &&
        opts.storedUserId?.() === sync.userId
      )
        return;
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
        start(userId);
        return;
      }
      if (event === 'TOKEN_REFRESHED' && allowed()) await sync.restart();
    });
  });
  const unsubscribeNetwork = opts.network?.subscribe((ok) => {
    serial(async () => {
      if (!sync) return;
      // Back: a new replication, so what was written meanwhile is pushed now, not at a retry.
      if (ok) await sync.restart();
      else await quiet();
    });
  });
  return () => {
    data.subscription.unsubscribe();
    unsubscribeNetwork?.();
    serial(async () => {
      await sync?.stop();
      sync = null;
    });
  };
}
