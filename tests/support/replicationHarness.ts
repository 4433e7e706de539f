import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../sync/database.ts';
import { startAccountSync, type AccountSync } from '../../sync/replication/index.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from './clients.ts';
import { startTestStack, type TestStack } from './startTestStack.ts';

/**
 * What a replication test file needs: one local stack (real PostgreSQL 15, PostgREST, realtime)
 * for the file, users, devices (RxDB on Dexie over fake-indexeddb) and their account sync, all
 * stopped and removed after each test. Call it at the top level of the test file.
 */
export interface ReplicationHarness {
  stack(): TestStack;
  newUser(): Promise<{ email: string; userId: string }>;
  newDevice(): Promise<AuroraDatabase>;
  /**
   * Signs the device in as `email` and waits for its first replication. `fetch`: the device's
   * HTTP (heldAnswers.ts holds some of its answers back).
   */
  signIn(
    db: AuroraDatabase,
    email: string,
    opts?: { fetch?: typeof fetch },
  ): Promise<{ client: SupabaseClient; sync: AccountSync }>;
  /** Stops every device's sync now (a device going away before the next one is used). */
  stopSyncs(): Promise<void>;
  /** Removes a database the test opened itself after the test, as newDevice's are. */
  adopt(db: AuroraDatabase): AuroraDatabase;
  /** Stops a sync the test started itself after the test, as signIn's are. */
  track(sync: AccountSync): AccountSync;
}

export function replicationHarness(prefix: string): ReplicationHarness {
  let stack: TestStack | undefined;
  const open: AuroraDatabase[] = [];
  const syncs: AccountSync[] = [];
  let n = 0;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async () => {
    await stopSyncs();
    for (const db of open.splice(0)) if (!db.closed) await removeDatabase(db);
  });

  const started = (): TestStack => {
    if (!stack) throw new Error('the stack starts in beforeAll');
    return stack;
  };

  const stopSyncs = async () => {
    for (const s of syncs.splice(0)) await s.stop().catch(() => undefined);
  };

  return {
    stack: started,
    stopSyncs,
    adopt(db) {
      open.push(db);
      return db;
    },
    track(sync) {
      syncs.push(sync);
      return sync;
    },
    async newUser() {
      const email = uniqueEmail(prefix);
      const { data, error } = await testClient(started().url, started().anonKey).auth.signUp({
        email,
        password: STRONG_PASSWORD,
      });
      if (error || !data.user) throw error ?? new Error('sign-up failed');
      return { email, userId: data.user.id };
    },
    async newDevice() {
      const db = await openDatabase({
        name: `${prefix}-${process.pid}-${++n}`,
        storage: 'dexie',
        multiInstance: false,
      });
      open.push(db);
      return db;
    },
    async signIn(db, email, opts) {
      const client = testClient(started().url, started().anonKey, { fetch: opts?.fetch });
      const { data, error } = await client.auth.signInWithPassword({
        email,
        password: STRONG_PASSWORD,
      });
      if (error || !data.user) throw error ?? new Error('sign-in failed');
      const sync = startAccountSync({ db, client, userId: data.user.id, retryTime: 200 });
      syncs.push(sync);
      await sync.current()!.awaitInitialReplication();
      return { client, sync };
    },
  };
}

/** Reads until `pred` holds, or fails after `ms` with the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  pred: (v: T) => boolean,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`never matched: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
