import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { recordChanges } from '../../support/realtime.ts';

let stack: TestStack;
let alice: SupabaseClient;
let bob: SupabaseClient;
let aliceId: string;
let bobId: string;

async function signedUp(name: string): Promise<[SupabaseClient, string]> {
  const client = testClient(stack.url, stack.anonKey);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(name),
    password: STRONG_PASSWORD,
  });
  if (error) throw error;
  return [client, data.user!.id];
}

beforeAll(async () => {
  stack = await startTestStack();
  [alice, aliceId] = await signedUp('alice');
  [bob, bobId] = await signedUp('bob');
});
afterAll(async () => {
  await alice?.removeAllChannels();
  await bob?.removeAllChannels();
  await stack?.stop();
});

describe('profiles are private to their owner', () => {
  it('lets a user read only their own profile through REST', async () => {
    const all = await alice.from('profiles').select('id');
    expect(all.error).toBeNull();
    expect(all.data).toEqual([{ id: aliceId }]);
    const other = await alice.from('profiles').select('*').eq('id', bobId);
    expect(other.data).toEqual([]);
  });

  it("never lets a user change or create another user's profile", async () => {
    const upd = await alice
      .from('profiles')
      .update({ full_name: 'Mallory' })
      .eq('id', bobId)
      .select();
    expect(upd.data).toEqual([]);
    const ins = await alice
      .from('profiles')
      .insert({ id: crypto.randomUUID(), email: 'x@example.com' });
    expect(ins.error?.code).toBe('42501');
    const upsert = await alice.from('profiles').upsert({ id: bobId, full_name: 'Mallory' });
    expect(upsert.error).not.toBeNull();
    const [row] = await stack.sql<{ full_name: string | null }>(
      'select full_name from profiles where id = $1',
      [bobId],
    );
    expect(row?.full_name).toBeNull();
  });

  it('denies anonymous visitors any profile', async () => {
    const anon = testClient(stack.url, stack.anonKey);
    const r = await anon.from('profiles').select('*');
    expect(r.data ?? []).toEqual([]);
    expect(r.error?.code).toBe('42501');
  });

  it('lets the owner update their preferences, keeping _modified current and globe stored as 3d', async () => {
    const [before] = await stack.sql<{ _modified: Date }>(
      'select _modified from profiles where id = $1',
      [aliceId],
    );
    const r = await alice
      .from('profiles')
      .update({
        default_map_view: 'globe',
        show_clouds_on_load: true,
        preferences: { defaultMapView: 'globe' },
      })
      .eq('id', aliceId)
      .select('default_map_view, show_clouds_on_load, _modified, preferences')
      .single();
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({
      default_map_view: '3d',
      show_clouds_on_load: true,
      preferences: { defaultMapView: 'globe' },
    });
    expect(new Date(r.data!._modified as string).getTime()).toBeGreaterThan(
      before!._modified.getTime(),
    );
  });

  it('delivers realtime changes only to the subscriber allowed to see the row', async () => {
    const aliceFeed = await recordChanges(alice, 'profiles', 'alice-profiles');
    const bobFeed = await recordChanges(bob, 'profiles', 'bob-profiles');
    const anonFeed = await recordChanges(
      testClient(stack.url, stack.anonKey),
      'profiles',
      'anon-profiles',
    );

    await bob.from('profiles').update({ default_map_style: 'bob-secret-style' }).eq('id', bobId);
    const bobSaw = await bobFeed.waitFor(
      (e) => e.eventType === 'UPDATE' && (e.new as { id?: string }).id === bobId,
    );
    expect(bobSaw.new).toMatchObject({
      id: bobId,
      default_map_style: 'bob-secret-style',
      _deleted: false,
    });

    await alice.from('profiles').update({ default_map_style: 'alice-style' }).eq('id', aliceId);
    const aliceSaw = await aliceFeed.waitFor(
      (e) => (e.new as { default_map_style?: string }).default_map_style === 'alice-style',
    );
    expect(aliceSaw.new).toMatchObject({ id: aliceId, show_aurora_on_load: true, _deleted: false });

    // A change made directly in the database (not through REST) is announced the same way.
    await stack.sql(`update profiles set full_name = 'Bob Builder' where id = $1`, [bobId]);
    await bobFeed.waitFor((e) => (e.new as { full_name?: string }).full_name === 'Bob Builder');
    await new Promise((r) => setTimeout(r, 400));

    const leaked = (events: { new: unknown; old: unknown }[]) =>
      events.some(
        (e) =>
          JSON.stringify([e.new, e.old]).includes(bobId) ||
          JSON.stringify(e.new).includes('bob-secret'),
      );
    expect(leaked(aliceFeed.events)).toBe(false);
    expect(anonFeed.events).toEqual([]);
    expect(bobFeed.events.some((e) => (e.new as { id?: string }).id === aliceId)).toBe(false);
  });

  it("honours a subscription filter, and a filter naming someone else's row yields nothing", async () => {
    const own = await recordChanges(alice, 'profiles', 'alice-own', `id=eq.${aliceId}`);
    const snooping = await recordChanges(alice, 'profiles', 'alice-snoops-bob', `id=eq.${bobId}`);
    await stack.sql(`update profiles set default_map_style = 'filtered' where id in ($1, $2)`, [
      aliceId,
      bobId,
    ]);
    const hit = await own.waitFor(
      (e) => (e.new as { default_map_style?: string }).default_map_style === 'filtered',
    );
    expect((hit.new as { id: string }).id).toBe(aliceId);
    await new Promise((r) => setTimeout(r, 400));
    expect(own.events.every((e) => (e.new as { id: string }).id === aliceId)).toBe(true);
    expect(snooping.events).toEqual([]);
    await alice.removeChannel(own.channel);
    await alice.removeChannel(snooping.channel);
  });

  it('stops delivering to a user after their token is replaced by one for another user', async () => {
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signInWithPassword({
      email: (await alice.auth.getUser()).data.user!.email!,
      password: STRONG_PASSWORD,
    });
    const feed = await recordChanges(client, 'profiles', 'switching');
    await client.realtime.setAuth(stack.anonKey);
    await new Promise((r) => setTimeout(r, 200));
    await stack.sql(`update profiles set full_name = 'Alice After' where id = $1`, [data.user!.id]);
    await new Promise((r) => setTimeout(r, 600));
    expect(feed.events).toEqual([]);
    await client.removeAllChannels();
  });
});
