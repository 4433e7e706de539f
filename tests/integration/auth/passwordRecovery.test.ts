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

const NEW_PASSWORD = 'Corona-Hole-42-Wind';

/** Follows an emailed link as the browser would, up to the app's URL (the 303's Location). */
async function open(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describe('password recovery through the local mail outbox', () => {
  it('mails a link that opens the app signed in for recovery, and the new password then works', async () => {
    const email = uniqueEmail('forgot');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });

    const asked = await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: `${stack.url}/auth/callback`,
    });
    expect(asked.error).toBeNull();
    const mail = stack.outbox.latest(email);
    expect(mail).toMatchObject({ to: email, kind: 'recovery' });

    const landed = await open(mail!.link);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${stack.url}/auth/callback`);
    const hash = new URLSearchParams(landed.hash.slice(1));
    expect(hash.get('type')).toBe('recovery');

    const page = testClient(stack.url, stack.anonKey);
    const set = await page.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(set.data.user?.email).toBe(email);
    const weak = await page.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    const updated = await page.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();

    const fresh = testClient(stack.url, stack.anonKey);
    expect(
      (await fresh.auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error?.code,
    ).toBe('invalid_credentials');
    const signedIn = await fresh.auth.signInWithPassword({ email, password: NEW_PASSWORD });
    expect(signedIn.data.user?.email).toBe(email);
  });

  it('lets a link be used once: the second visit lands with an error the page can explain', async () => {
    const email = uniqueEmail('twice');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: `${stack.url}/auth/callback`,
    });
    const { link } = stack.outbox.latest(email)!;
    await open(link);
    const again = new URLSearchParams((await open(link)).hash.slice(1));
    expect(again.get('error_code')).toBe('otp_expired');
    expect(again.get('access_token')).toBeNull();
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const asked = await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email);
    expect(asked.error).toBeNull();
    expect(stack.outbox.list(email)).toEqual([]);
  });

  it('sends the link to the site, not to a redirect outside the allow list', async () => {
    const email = uniqueEmail('phish');
    await testClient(stack.url, stack.anonKey).auth.signUp({ email, password: STRONG_PASSWORD });
    await testClient(stack.url, stack.anonKey).auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.invalid/steal',
    });
    const landed = await open(stack.outbox.latest(email)!.link);
    expect(landed.origin).toBe(stack.url);
  });
});
