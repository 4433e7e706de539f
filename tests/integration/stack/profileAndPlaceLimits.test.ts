/**
 * What a profile and saved places may hold, decided by the database (issue 21 items 7 and 11), so
 * every way in — REST, replication, a function with the service role — meets the same rules.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function signedUp(
  name: string,
  data: Record<string, unknown> = {},
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const client = testClient(stack.url, stack.anonKey);
  const email = uniqueEmail(name);
  const { data: up, error } = await client.auth.signUp({
    email,
    password: STRONG_PASSWORD,
    options: { data },
  });
  if (error) throw error;
  return { client, id: up.user!.id, email };
}

const place = (name: string) => ({
  id: randomUUID(),
  name,
  lat: 69.65,
  lon: 18.96,
  kind: 'picked',
});

async function placesOf(userId: string) {
  const [row] = await stack.sql<{ live: number; total: number }>(
    `select count(*) filter (where not _deleted)::int as live, count(*)::int as total from places where user_id = $1`,
    [userId],
  );
  return row!;
}

describe('saved places', () => {
  it('are capped at 200 per user by the database: a bulk insert of 5,000 stores none, the 201st is refused, a deleted one frees its slot', async () => {
    const { client, id } = await signedUp('places');
    const flood = await client
      .from('places')
      .insert(Array.from({ length: 5_000 }, (_, i) => place(`Flood ${i}`)));
    expect(flood.error).toMatchObject({ code: '23514' });
    expect(await placesOf(id)).toEqual({ live: 0, total: 0 });

    const many = Array.from({ length: 200 }, (_, i) => place(`Spot ${i}`));
    expect((await client.from('places').insert(many)).error).toBeNull();
    const over = await client.from('places').insert(place('One too many'));
    expect(over.error).toMatchObject({ code: '23514' });
    expect(over.error!.message).toMatch(/at most 200 saved places/);
    expect(await placesOf(id)).toEqual({ live: 200, total: 200 });

    // A soft delete (what replication sends) frees a slot; bringing it back needs one again.
    const first = many[0]!.id;
    expect(
      (await client.from('places').update({ _deleted: true }).eq('id', first)).error,
    ).toBeNull();
    expect((await client.from('places').insert(place('Now it fits'))).error).toBeNull();
    const revived = await client.from('places').update({ _deleted: false }).eq('id', first);
    expect(revived.error).toMatchObject({ code: '23514' });
    expect(await placesOf(id)).toEqual({ live: 200, total: 201 });

    // Another user's places are theirs to count.
    const other = await signedUp('other-places');
    expect((await other.client.from('places').insert(place('Mine'))).error).toBeNull();
  });

  it('take the server’s clock as _modified on insert: a client’s 2099 never becomes a pull checkpoint', async () => {
    const { client } = await signedUp('future');
    const p = { ...place('From the future'), _modified: '2099-01-01T00:00:00Z' };
    expect((await client.from('places').insert(p)).error).toBeNull();
    const [row] = await stack.sql<{ ahead: boolean }>(
      'select _modified > now() as ahead from places where id = $1',
      [p.id],
    );
    expect(row).toEqual({ ahead: false });
  });
});

describe('profiles', () => {
  it('refuse a 900 KB name, a javascript: avatar and a huge preferences object, and accept sensible ones', async () => {
    const { client, id } = await signedUp('profile');
    const patch = (fields: Record<string, unknown>) =>
      client.from('profiles').update(fields).eq('id', id).select('full_name, avatar_url');
    expect((await patch({ full_name: 'x'.repeat(900_000) })).error).toMatchObject({
      code: '23514',
    });
    expect((await patch({ full_name: 'x'.repeat(101) })).error).toMatchObject({ code: '23514' });
    for (const avatar of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://example.com/a.png',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect((await patch({ avatar_url: avatar })).error, avatar).toMatchObject({ code: '23514' });
    }
    expect((await patch({ preferences: { blob: 'x'.repeat(20_000) } })).error).toMatchObject({
      code: '23514',
    });
    const ok = await patch({
      full_name: 'Ada Lovelace',
      avatar_url: 'https://example.com/ada.png',
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([
      { full_name: 'Ada Lovelace', avatar_url: 'https://example.com/ada.png' },
    ]);
  });

  it('always carry the account’s own email, whatever a client writes', async () => {
    const victim = await signedUp('victim');
    const me = await signedUp('me');
    const res = await me.client
      .from('profiles')
      .update({ email: victim.email })
      .eq('id', me.id)
      .select('email');
    expect(res.data).toEqual([{ email: me.email }]);
    const [row] = await stack.sql<{ email: string }>('select email from profiles where id = $1', [
      me.id,
    ]);
    expect(row).toEqual({ email: me.email });
  });

  it('still come with a sign-up whose metadata is odd: the name is cut to 100 characters, an unsafe picture left out', async () => {
    const { id } = await signedUp('odd', {
      name: `  ${'N'.repeat(500)}`,
      picture: 'javascript:alert(document.cookie)',
    });
    const [row] = await stack.sql<{ full_name: string; avatar_url: string | null }>(
      'select full_name, avatar_url from profiles where id = $1',
      [id],
    );
    expect(row).toEqual({ full_name: 'N'.repeat(100), avatar_url: null });
  });
});
