import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, testClient, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

// Issue 21 item 18: the test identity provider checks nothing, so an address typed there must give
// its user no share in the account the address's owner opens with an emailed code or link.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ externalProviders: ['google', 'github'] });
});
afterAll(async () => {
  await stack?.stop();
});

const REDIRECT = 'http://localhost:5173/auth/callback';

/** Signs in at the test IdP as `email` (implicit flow): the answer's fragment, parsed. */
async function atTestIdp(
  email: string,
  provider: 'google' | 'github' = 'google',
): Promise<URLSearchParams> {
  const { data } = await testClient(stack.url, stack.anonKey).auth.signInWithOAuth({
    provider,
    options: { redirectTo: REDIRECT, skipBrowserRedirect: true },
  });
  const toIdp = await fetch(data.url!, { redirect: 'manual' });
  const page = new URL(toIdp.headers.get('location')!, stack.url);
  const form = new URLSearchParams({
    provider,
    redirect_to: page.searchParams.get('redirect_to') ?? REDIRECT,
    email,
    name: 'Mallory',
    picture: 'https://example.com/mallory.png',
  });
  const back = await fetch(`${stack.url}/auth/v1/test-idp/callback`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(back.status).toBe(303);
  return new URLSearchParams(new URL(back.headers.get('location')!).hash.slice(1));
}

/** A client holding the session of a fragment or token answer. */
async function holding(tokens: { access_token: string; refresh_token: string }) {
  const client = testClient(stack.url, stack.anonKey);
  const set = await client.auth.setSession(tokens);
  expect(set.error).toBeNull();
  return client;
}

const sessionOf = (fragment: URLSearchParams) => ({
  access_token: fragment.get('access_token')!,
  refresh_token: fragment.get('refresh_token')!,
});

async function signInByCode(email: string) {
  const asked = await testClient(stack.url, stack.anonKey).auth.signInWithOtp({ email });
  expect(asked.error).toBeNull();
  const verified = await testClient(stack.url, stack.anonKey).auth.verifyOtp({
    email,
    token: stack.outbox.latest(email)!.code,
    type: 'email',
  });
  expect(verified.error).toBeNull();
  return verified.data;
}

/** What `client` can see of the profiles table (RLS: only its own row). */
async function profilesSeenBy(client: SupabaseClient) {
  const r = await client.from('profiles').select('id, full_name');
  expect(r.error).toBeNull();
  return r.data!;
}

describe('an address typed at the test identity provider', () => {
  it('is held unconfirmed, and its user has no share in the account the owner opens with an emailed code', async () => {
    const email = uniqueEmail('prehijack');
    const intruder = await holding(sessionOf(await atTestIdp(email)));
    const intruderUser = (await intruder.auth.getUser()).data.user!;
    expect(intruderUser.email).toBe(email);
    expect(intruderUser.email_confirmed_at).toBeUndefined();

    const owned = await signInByCode(email);
    const owner = await holding(owned.session!);
    expect(owned.user!.id).not.toBe(intruderUser.id);
    expect(owned.user!.email).toBe(email);
    expect(owned.user!.email_confirmed_at).toBeTruthy();
    expect(owned.user!.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(owned.user!.user_metadata.full_name).toBeUndefined();
    expect(await profilesSeenBy(owner)).toEqual([{ id: owned.user!.id, full_name: null }]);

    // The provider's user keeps their own account, without the address, and sees nothing of the owner's.
    const stillIntruder = (await intruder.auth.getUser()).data.user!;
    expect(stillIntruder.id).toBe(intruderUser.id);
    expect(stillIntruder.email).toBe('');
    expect(await profilesSeenBy(intruder)).toEqual([{ id: intruderUser.id, full_name: 'Mallory' }]);

    // Signing in at the provider again reaches that same account, never the owner's.
    const again = await holding(sessionOf(await atTestIdp(email)));
    expect((await again.auth.getUser()).data.user!.id).toBe(intruderUser.id);
    // Another test provider with the address meets an account that signs in another way.
    expect((await atTestIdp(email, 'github')).get('error_code')).toBe('email_exists');
  });

  it('gives no share through a password its user set either, nor through the owner’s recovery link', async () => {
    const email = uniqueEmail('prehijack-pw');
    const intruder = await holding(sessionOf(await atTestIdp(email)));
    expect((await intruder.auth.updateUser({ password: STRONG_PASSWORD })).error).toBeNull();
    const intruderId = (await intruder.auth.getUser()).data.user!.id;

    const reset = await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: REDIRECT,
    });
    expect(reset.error).toBeNull();
    const letter = stack.outbox.latest(email)!;
    expect(letter.kind).toBe('recovery');
    const landed = await fetch(letter.link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(landed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const owner = await holding(sessionOf(fragment));
    const ownerUser = (await owner.auth.getUser()).data.user!;
    expect(ownerUser.id).not.toBe(intruderId);
    expect(ownerUser.email).toBe(email);

    // The intruder's password opened their account by its address; the address is not theirs now.
    const byPassword = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: STRONG_PASSWORD,
    });
    expect(byPassword.error?.code).toBe('invalid_credentials');
    // The owner sets a password of their own, and it opens their account.
    expect((await owner.auth.updateUser({ password: 'Owner-Kp8-Substorm' })).error).toBeNull();
    const ownerAgain = await testClient(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: 'Owner-Kp8-Substorm',
    });
    expect(ownerAgain.data.user?.id).toBe(ownerUser.id);
  });
});

describe('an account made by an emailed code', () => {
  it('is never entered through the test identity provider, before or after the code is used', async () => {
    const email = uniqueEmail('code-first');
    const asked = await testClient(stack.url, stack.anonKey).auth.signInWithOtp({ email });
    expect(asked.error).toBeNull();
    // The account exists, unconfirmed, before its owner types the code.
    expect((await atTestIdp(email)).get('error_code')).toBe('email_exists');

    const owned = await signInByCode(email);
    expect(owned.user!.identities?.map((i) => i.provider)).toEqual(['email']);
    expect((await atTestIdp(email)).get('error_code')).toBe('email_exists');
    expect((await atTestIdp(email, 'github')).get('error_code')).toBe('email_exists');
  });
});
