import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../sync/database.ts';
import { getPreferencesUser } from '../../../sync/preferences/activeUser.ts';
import { readPreferences, updatePreferences } from '../../../sync/preferences/updatePreferences.ts';
import { followAuth, type NetworkGate } from '../../../sync/replication/followAuth.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

/**
 * A signed-in device whose network may not be used (offline, or Go Offline): preference sync
 * starts for the user of the stored session at once, without replicating and without a realtime
 * socket; edits go to that user's document; once the network may be used again they reach the
 * profile, without anything else happening (no reload, no new sign-in).
 */

let stack: TestStack;
const open: AuroraDatabase[] = [];
const undo: (() => void)[] = [];
let n = 0;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(async () => {
  for (const u of undo.splice(0)) u();
  await new Promise((r) => setTimeout(r, 50));
  for (const db of open.splice(0)) if (!db.closed) await removeDatabase(db);
});

/** A gate the test opens and closes, as the browser's online events and Go Offline do. */
function gate(initially: boolean): NetworkGate & { set(allowed: boolean): void } {
  let allowed = initially;
  const listeners = new Set<(a: boolean) => void>();
  return {
    allowed: () => allowed,
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next) {
      allowed = next;
      for (const l of [...listeners]) l(next);
    },
  };
}

async function serverRow(userId: string) {
  const [row] = await stack.sql<Record<string, unknown>>(
    'select default_map_style, show_clouds_on_load from public.profiles where id = $1',
    [userId],
  );
  return row;
}

/** A device with the user's session stored, as the page has it, and a fetch that counts requests. */
async function signedInDevice(email: string, network: ReturnType<typeof gate>) {
  const storage = memoryStorage();
  let requests = 0;
  const client: SupabaseClient = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: {
      fetch: (input, init) => {
        if (!network.allowed()) return Promise.reject(new TypeError('Failed to fetch'));
        requests++;
        return fetch(input, init);
      },
    },
  });
  // Signed in while online, as the user did before the network went.
  const allowedBefore = network.allowed();
  network.set(true);
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: STRONG_PASSWORD,
  });
  if (error || !data.user) throw error ?? new Error('sign-in failed');
  network.set(allowedBefore);
  const db = await openDatabase({
    name: `offline-${process.pid}-${++n}`,
    storage: 'dexie',
    multiInstance: false,
  });
  open.push(db);
  return { client, db, userId: data.user.id, requests: () => requests };
}

describe('preference sync of a signed-in device that may not use the network', () => {
  it('starts for the stored user at once, replicates nothing meanwhile, and pushes the offline edits when the network is back', async () => {
    const email = uniqueEmail('offline');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    const network = gate(false);
    const device = await signedInDevice(email, network);
    const before = device.requests();
    undo.push(
      followAuth(device.db, device.client, {
        waitForLeadership: false,
        storedUserId: () => device.userId,
        network,
      }),
    );
    await expect.poll(() => getPreferencesUser()).toBe(device.userId);

    await updatePreferences(device.db, device.userId, { defaultMapStyle: 'light' }, Date.now());
    await updatePreferences(device.db, device.userId, { showCloudsOnLoad: true }, Date.now());
    // The user's own document, not the anonymous one.
    expect((await readPreferences(device.db, device.userId)).defaultMapStyle).toBe('light');
    expect((await readPreferences(device.db, null)).defaultMapStyle).toBe('dark');
    await new Promise((r) => setTimeout(r, 300));
    expect(device.requests()).toBe(before);
    expect(device.client.realtime.isConnected()).toBe(false);
    expect(await serverRow(device.userId)).toMatchObject({
      default_map_style: 'dark',
      show_clouds_on_load: false,
    });

    network.set(true);
    await expect
      .poll(() => serverRow(device.userId), { timeout: 15_000 })
      .toMatchObject({ default_map_style: 'light', show_clouds_on_load: true });

    // Gone again (Go Offline): the realtime socket is closed, not left sending heartbeats.
    await expect.poll(() => device.client.realtime.isConnected(), { timeout: 10_000 }).toBe(true);
    network.set(false);
    await expect.poll(() => device.client.realtime.isConnected(), { timeout: 5_000 }).toBe(false);
  });

  it('keeps the stored user when supabase-js announces no session while it cannot refresh one', async () => {
    const email = uniqueEmail('offline-initial');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    const network = gate(false);
    const device = await signedInDevice(email, network);
    let stored: string | null = device.userId;
    const listeners: ((event: string, session: null) => void)[] = [];
    // The client's own announcements, plus the one supabase-js makes after an offline start with
    // an expired token: INITIAL_SESSION with no session (while it keeps the session stored).
    const auth = new Proxy(device.client.auth, {
      get: (target, prop) =>
        prop === 'onAuthStateChange'
          ? (cb: (event: string, session: null) => void) => {
              listeners.push(cb);
              return { data: { subscription: { unsubscribe: () => undefined } } };
            }
          : Reflect.get(target, prop, target),
    });
    const client = new Proxy(device.client, {
      get: (target, prop) => (prop === 'auth' ? auth : Reflect.get(target, prop, target)),
    });
    undo.push(
      followAuth(device.db, client, {
        waitForLeadership: false,
        storedUserId: () => stored,
        network,
      }),
    );
    await expect.poll(() => getPreferencesUser()).toBe(device.userId);
    for (const l of listeners) l('INITIAL_SESSION', null);
    await new Promise((r) => setTimeout(r, 100));
    expect(getPreferencesUser()).toBe(device.userId);
    // Signed out for real: the session is gone from storage and supabase-js says so.
    stored = null;
    for (const l of listeners) l('SIGNED_OUT', null);
    await expect.poll(() => getPreferencesUser()).toBeNull();
  });
});
