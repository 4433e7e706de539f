import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { testClient, uniqueEmail } from '../../support/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('admin users and magic links (what siwe-verify uses to mint a session)', () => {
  it('creates a user, generates a magic link and trades its hashed token for a session once', async () => {
    const admin = testClient(stack.url, stack.serviceRoleKey);
    const email = `0xabc${Date.now()}@wallet.aurora.local`;
    const created = await admin.auth.admin.createUser({
      email,
      email_confirm: true,
      user_metadata: { provider: 'ethereum' },
      app_metadata: { provider: 'ethereum' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.email).toBe(email);
    const [profile] = await stack.sql('select id from profiles where id = $1', [
      created.data.user!.id,
    ]);
    expect(profile).toBeTruthy();

    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    expect(link.data.user?.id).toBe(created.data.user!.id);
    const hashed = link.data.properties!.hashed_token;
    expect(link.data.properties!.verification_type).toBe('magiclink');

    const user = testClient(stack.url, stack.anonKey);
    const verified = await user.auth.verifyOtp({ type: 'magiclink', token_hash: hashed });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(created.data.user!.id);
    const me = await user.from('profiles').select('id').single();
    expect(me.data?.id).toBe(created.data.user!.id);

    const replay = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
      type: 'magiclink',
      token_hash: hashed,
    });
    expect(replay.error?.code).toBe('otp_expired');
  });

  it('accepts the emailed six-digit code as well', async () => {
    const admin = testClient(stack.url, stack.serviceRoleKey);
    const email = uniqueEmail('otp');
    await admin.auth.admin.createUser({ email, email_confirm: true });
    const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    const v = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
      type: 'email',
      email,
      token: link.data.properties!.email_otp,
    });
    expect(v.error).toBeNull();
    expect(v.data.user?.email).toBe(email);
  });

  it('refuses admin calls made with the anon key or a user token', async () => {
    const anon = testClient(stack.url, stack.anonKey);
    const r = await anon.auth.admin.createUser({ email: uniqueEmail('nope') });
    expect(r.error?.status).toBe(403);
    const list = await anon.auth.admin.listUsers();
    expect(list.error).not.toBeNull();
  });

  it("lists, reads and deletes users with the service role, and a deleted user's profile goes too", async () => {
    const admin = testClient(stack.url, stack.serviceRoleKey);
    const email = uniqueEmail('gone');
    const { data } = await admin.auth.admin.createUser({
      email,
      password: 'Borealis-Kp7-Night',
      email_confirm: true,
    });
    const got = await admin.auth.admin.getUserById(data.user!.id);
    expect(got.data.user?.email).toBe(email);
    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.data.users.some((u) => u.id === data.user!.id)).toBe(true);
    expect(await stack.sql('select id from profiles where id = $1', [data.user!.id])).toHaveLength(
      1,
    );
    expect((await admin.auth.admin.deleteUser(data.user!.id)).error).toBeNull();
    expect(await stack.sql('select id from profiles where id = $1', [data.user!.id])).toEqual([]);
    const signIn = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: 'Borealis-Kp7-Night',
    });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });
});
