import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('email and password sign-in through supabase-js', () => {
  it('signs up, signs in, refreshes and signs out', async () => {
    const email = uniqueEmail();
    const client = testClient(stack.url, stack.anonKey);
    const up = await client.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { full_name: 'Ada Lovelace' } },
    });
    expect(up.error).toBeNull();
    expect(up.data.session?.access_token).toBeTruthy();
    expect(up.data.user?.email).toBe(email);
    expect(up.data.user?.user_metadata.full_name).toBe('Ada Lovelace');

    const other = testClient(stack.url, stack.anonKey);
    const signIn = await other.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.user.id).toBe(up.data.user!.id);

    const me = await other.auth.getUser();
    expect(me.data.user?.email).toBe(email);
    const claims = await other.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims).toMatchObject({
      sub: session.user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
    });
    expect(typeof claims.data?.claims.session_id).toBe('string');

    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.session?.access_token).toBeTruthy();

    const out = await other.auth.signOut();
    expect(out.error).toBeNull();
    // The signed-out session's token no longer identifies anyone.
    const after = await other.auth.getUser(refreshed.data.session!.access_token);
    expect(after.data.user).toBeNull();
    expect(after.error).not.toBeNull();
  });

  it('rejects a wrong password with GoTrue invalid_credentials', async () => {
    const email = uniqueEmail();
    const client = testClient(stack.url, stack.anonKey);
    await client.auth.signUp({ email, password: STRONG_PASSWORD });
    const r = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: `${STRONG_PASSWORD}x`,
    });
    expect(r.data.session).toBeNull();
    expect(r.error?.code).toBe('invalid_credentials');
    expect(r.error?.status).toBe(400);
  });

  it('refuses a second sign-up with the same email', async () => {
    const email = uniqueEmail();
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    const again = await testClient(stack.url, stack.anonKey).auth.signUp({
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(again.error?.code).toBe('user_already_exists');
  });

  it('rejects weak passwords with the list of reasons', async () => {
    const client = testClient(stack.url, stack.anonKey);
    const short = await client.auth.signUp({ email: uniqueEmail(), password: 'abc' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error?.code).toBe('weak_password');
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length', 'characters']);

    const leaked = await client.auth.signUp({ email: uniqueEmail(), password: 'Password123' });
    expect((leaked.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);

    const ok = await client.auth.signUp({ email: uniqueEmail(), password: STRONG_PASSWORD });
    expect(ok.error).toBeNull();
  });

  it('revokes the session when a rotated refresh token is presented again', async () => {
    const email = uniqueEmail();
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signUp({ email, password: STRONG_PASSWORD });
    const first = data.session!.refresh_token;
    const second = await client.auth.refreshSession();
    expect(second.error).toBeNull();
    const replay = await testClient(stack.url, stack.anonKey).auth.refreshSession({
      refresh_token: first,
    });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    // The thief's replay ended the session: the legitimate holder's newer token is dead too.
    const legit = await testClient(stack.url, stack.anonKey).auth.refreshSession({
      refresh_token: second.data.session!.refresh_token,
    });
    expect(legit.error).not.toBeNull();
  });

  it('updates the user metadata and password, and the new password signs in', async () => {
    const email = uniqueEmail();
    const client = testClient(stack.url, stack.anonKey);
    await client.auth.signUp({ email, password: STRONG_PASSWORD });
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    const upd = await client.auth.updateUser({
      password: 'Another-Str0ng-One',
      data: { theme: 'night' },
    });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata.theme).toBe('night');
    const r = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: 'Another-Str0ng-One',
    });
    expect(r.error).toBeNull();
  });

  it('answers a password recovery request without revealing whether the address exists', async () => {
    const client = testClient(stack.url, stack.anonKey);
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('nobody'))).error).toBeNull();
  });

  it('creates a profile row for each new user, readable only with their own token', async () => {
    const email = uniqueEmail();
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { data: { name: 'Grace', picture: 'https://example.com/g.png' } },
    });
    const rows = await stack.sql<{
      id: string;
      email: string;
      full_name: string;
      avatar_url: string;
    }>('select * from profiles where id = $1', [data.user!.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email,
      full_name: 'Grace',
      avatar_url: 'https://example.com/g.png',
    });
    const mine = await client
      .from('profiles')
      .select('id, default_map_view, show_aurora_on_load')
      .eq('id', data.user!.id)
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({
      id: data.user!.id,
      default_map_view: 'flat',
      show_aurora_on_load: true,
    });
  });
});
