import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { readPreferences, updatePreferences } from '../../../sync/preferences/updatePreferences.ts';
import { startAccountSync, type AccountSync } from '../../../sync/replication/index.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { storageWithBudget, type StorageBudget } from '../../support/fullStorage.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * A signed-in device whose storage fills up: the change reaches the profile directly, replication
 * waits (it could store nothing it pulls), and once a preference write fits again replication
 * starts by itself and the device catches up — against the real stack (Postgres, PostgREST,
 * realtime).
 */

let stack: TestStack;
let db: AuroraDatabase | null = null;
let sync: AccountSync | null = null;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  await sync?.stop().catch(() => undefined);
  sync = null;
  if (db && !db.closed) await removeDatabase(db);
  db = null;
});

async function serverRow(userId: string) {
  const [row] = await stack.sql<Record<string, unknown>>(
    'select default_map_style, show_clouds_on_load from public.profiles where id = $1',
    [userId],
  );
  return row;
}

describe('preference sync when the device storage is full', () => {
  it('writes the change to the profile, holds replication while nothing fits, and resumes it once a write fits again', async () => {
    const email = uniqueEmail('full');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    const userId = data.user!.id;
    const budget: StorageBudget = { bytes: Infinity, refused: 0 };
    const { storage } = storageWithBudget(budget);
    db = await openDatabase({ name: `full-sync-${process.pid}`, storage, multiInstance: false });
    sync = startAccountSync({ db, client, userId, retryTime: 200, waitForLeadership: false });
    await sync.merged;

    budget.bytes = 0;
    const save = await updatePreferences(db, userId, { defaultMapStyle: 'light' }, Date.now());
    expect(save).toEqual({ stored: false, account: 'saved' });
    expect(await serverRow(userId)).toMatchObject({ default_map_style: 'light' });
    expect(sync.current()).toBeNull();

    budget.bytes = Infinity;
    expect(await updatePreferences(db, userId, { showCloudsOnLoad: true }, Date.now())).toEqual({
      stored: true,
    });
    expect(sync.current()).not.toBeNull();
    await expect
      .poll(() => serverRow(userId), { timeout: 10_000 })
      .toMatchObject({ default_map_style: 'light', show_clouds_on_load: true });
    const stored = await readPreferences(db, userId);
    expect(stored).toMatchObject({ defaultMapStyle: 'light', showCloudsOnLoad: true });
  });
});
