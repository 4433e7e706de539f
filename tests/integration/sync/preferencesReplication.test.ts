import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import { updatePreferences, readPreferences } from '../../../sync/preferences/updatePreferences.ts';
import { startAccountSync, type AccountSync } from '../../../sync/replication/index.ts';
import { STRONG_PASSWORD } from '../../support/clients.ts';
import { replicationHarness } from '../../support/replicationHarness.ts';

const h = replicationHarness('prefs');
const { newUser } = h;

interface Device {
  db: AuroraDatabase;
  client: SupabaseClient;
  sync: AccountSync;
}

async function device(
  email: string,
  before?: (db: AuroraDatabase) => Promise<void>,
): Promise<Device> {
  const db = await h.newDevice();
  await before?.(db);
  const { client, sync } = await h.signIn(db, email);
  await sync.merged;
  return { db, client, sync };
}

/** Polls until `pred` holds for the device's stored preferences, or fails after `ms`. */
async function until(
  d: Device,
  userId: string,
  pred: (p: Awaited<ReturnType<typeof readPreferences>>) => boolean,
  ms = 8_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const p = await readPreferences(d.db, userId);
    if (pred(p)) return p;
    if (Date.now() > end) throw new Error(`preferences never matched: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function serverRow(userId: string) {
  const [row] = await h
    .stack()
    .sql<Record<string, unknown>>(
      'select default_map_view, default_map_style, show_aurora_on_load, show_clouds_on_load from public.profiles where id = $1',
      [userId],
    );
  return row;
}

describe('preferences replicate between two devices signed in as one user', () => {
  it('shows a change made on A on B without a reload', async () => {
    const { email, userId } = await newUser();
    const a = await device(email);
    const b = await device(email);
    const started = Date.now();
    await updatePreferences(a.db, userId, { defaultMapView: '3d' }, Date.now());
    await until(b, userId, (p) => p.defaultMapView === '3d');
    console.info(
      `[sync] A → B preference latency over realtime in Node: ${Date.now() - started} ms`,
    );
    expect(await serverRow(userId)).toMatchObject({ default_map_view: '3d' });
  });

  it('converges after both devices edited offline: different fields both kept, the later write wins a shared field', async () => {
    const { email, userId } = await newUser();
    const a = await device(email);
    const b = await device(email);
    await a.sync.pause();
    await b.sync.pause();
    await updatePreferences(
      a.db,
      userId,
      { defaultMapView: '3d', defaultMapStyle: 'light' },
      Date.now(),
    );
    await updatePreferences(
      b.db,
      userId,
      { showCloudsOnLoad: true, defaultMapStyle: 'satellite' },
      Date.now(),
    );

    await a.sync.resume();
    await a.sync.current()!.awaitInSync();
    await b.sync.resume();
    await b.sync.current()!.awaitInSync();

    const expected = {
      defaultMapView: '3d',
      defaultMapStyle: 'satellite',
      showAuroraOnLoad: true,
      showCloudsOnLoad: true,
    };
    await until(a, userId, (p) => JSON.stringify(p) === JSON.stringify(expected));
    await until(b, userId, (p) => JSON.stringify(p) === JSON.stringify(expected));
    expect(await serverRow(userId)).toEqual({
      default_map_view: '3d',
      default_map_style: 'satellite',
      show_aurora_on_load: true,
      show_clouds_on_load: true,
    });
  });

  it('survives pause and resume, a token refresh and sign-out then sign-in without throwing', async () => {
    const { email, userId } = await newUser();
    const a = await device(email);
    const b = await device(email);
    const errors: unknown[] = [];
    a.sync.current()!.error$.subscribe((e) => errors.push(e));

    await a.sync.pause();
    await a.sync.resume();
    await updatePreferences(a.db, userId, { defaultMapStyle: 'after-resume' }, Date.now());
    await until(b, userId, (p) => p.defaultMapStyle === 'after-resume');

    const refreshed = await a.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    await a.sync.restart();
    await updatePreferences(a.db, userId, { defaultMapStyle: 'after-refresh' }, Date.now());
    await until(b, userId, (p) => p.defaultMapStyle === 'after-refresh');

    await a.sync.stop({ signOut: true });
    await a.client.auth.signOut();
    // Signed out, the device keeps the user's look as its anonymous preferences.
    expect((await readPreferences(a.db, null)).defaultMapStyle).toBe('after-refresh');
    await a.client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    const again = startAccountSync({ db: a.db, client: a.client, userId, retryTime: 200 });
    h.track(again);
    await again.merged;
    await updatePreferences(b.db, userId, { showAuroraOnLoad: false }, Date.now());
    await until({ ...a, sync: again }, userId, (p) => p.showAuroraOnLoad === false);
    expect(errors).toEqual([]);
  });

  it('merges what an anonymous user chose on the device into the profile at sign-in', async () => {
    const { email, userId } = await newUser();
    const c = await device(email, async (db) => {
      await updatePreferences(db, null, { showCloudsOnLoad: true }, Date.now() + 60_000);
    });
    expect(await c.sync.merged).toEqual({ show_clouds_on_load: true });
    await c.sync.current()!.awaitInSync();
    await expect
      .poll(() => serverRow(userId), { timeout: 5_000 })
      .toMatchObject({ show_clouds_on_load: true });
    const other = await device(email);
    await until(other, userId, (p) => p.showCloudsOnLoad);
  });
});
