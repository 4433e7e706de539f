import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';
import { testClient, uniqueEmail } from '../../support/clients.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ externalProviders: ['google', 'github'] });
});
afterAll(async () => {
  await stack?.stop();
});

const pkceClient = () => testClient(stack.url, stack.anonKey, { flowType: 'pkce' });

/** Walks the browser part of the flow: authorize → test IdP page → form post → back to the app with ?code=. */
async function signInAtTestIdp(authorizeUrl: string, fields: Record<string, string>): Promise<URL> {
  let pageUrl = new URL(authorizeUrl);
  // /authorize redirects to the IdP; linkIdentity already hands out the IdP page's URL.
  if (!pageUrl.pathname.endsWith('/test-idp/authorize')) {
    const toIdp = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(toIdp.status).toBe(302);
    pageUrl = new URL(toIdp.headers.get('location')!, stack.url);
  }
  const page = await fetch(pageUrl);
  const html = await page.text();
  expect(html).toContain('Test identity provider: google');
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
    );
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const back = await fetch(`${stack.url}/auth/v1/test-idp/callback`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

describe('OAuth sign-in with PKCE against the local test identity provider', () => {
  it('signs a new social user in, with the profile taking picture and name from the identity', async () => {
    const client = pkceClient();
    const email = uniqueEmail('social');
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    expect(data.url).toContain('code_challenge=');
    const back = await signInAtTestIdp(data.url!, {
      email,
      name: 'Sofia Kovalevskaya',
      picture: 'https://example.com/sofia.png',
    });
    expect(back.origin + back.pathname).toBe('http://localhost:5173/auth/callback');
    const code = back.searchParams.get('code')!;

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user!;
    expect(user.email).toBe(email);
    expect(user.app_metadata.provider).toBe('google');
    const profile = await client
      .from('profiles')
      .select('full_name, avatar_url')
      .eq('id', user.id)
      .single();
    expect(profile.data).toEqual({
      full_name: 'Sofia Kovalevskaya',
      avatar_url: 'https://example.com/sofia.png',
    });

    // A code works once.
    const again = await pkceClient().auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('refuses a code presented without the matching verifier', async () => {
    const { data } = await pkceClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const back = await signInAtTestIdp(data.url!, { email: uniqueEmail('thief') });
    const stolen = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth_code: back.searchParams.get('code'),
        code_verifier: 'x'.repeat(56),
      }),
    });
    expect(stolen.status).toBe(403);
    expect((await stolen.json()) as unknown).toMatchObject({ error_code: 'bad_code_verifier' });
  });

  it('never signs in an email/password account by its address: it answers email_exists and the account keeps one identity', async () => {
    const email = uniqueEmail('victim');
    const first = await testClient(stack.url, stack.anonKey).auth.signUp({
      email,
      password: 'Borealis-Kp7-Night',
    });
    const client = pkceClient();
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const back = await signInAtTestIdp(data.url!, { email, name: 'Attacker' });
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('email_exists');
    expect(back.searchParams.get('error_description')).toMatch(/signs in another way/);
    // The implicit flow too.
    const implicit = await testClient(stack.url, stack.anonKey).auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const pageUrl = new URL(
      (await fetch(implicit.data.url!, { redirect: 'manual' })).headers.get('location')!,
      stack.url,
    );
    const form = new URLSearchParams({
      provider: 'github',
      redirect_to: pageUrl.searchParams.get('redirect_to')!,
      email: email.toUpperCase(),
    });
    const refused = await fetch(`${stack.url}/auth/v1/test-idp/callback`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const hash = new URLSearchParams(new URL(refused.headers.get('location')!).hash.slice(1));
    expect(hash.get('error_code')).toBe('email_exists');
    expect(hash.get('access_token')).toBeNull();
    const [row] = await stack.sql<{ n: string }>(
      'select count(*) as n from auth.identities where user_id = $1',
      [first.data.user!.id],
    );
    expect(row?.n).toBe('1');
  });

  it('does not sign in through a test identity linked to an email/password account', async () => {
    const owner = testClient(stack.url, stack.anonKey);
    await owner.auth.signUp({ email: uniqueEmail('linker'), password: 'Borealis-Kp7-Night' });
    const link = await owner.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/settings' },
    });
    const googleEmail = uniqueEmail('linked-google');
    await signInAtTestIdp(link.data.url!, { email: googleEmail });
    const { data } = await pkceClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const back = await signInAtTestIdp(data.url!, { email: googleEmail });
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_code')).toBe('email_exists');
  });

  it('signs a test user in again, and links their other test provider by address', async () => {
    const email = uniqueEmail('tester');
    const first = pkceClient();
    const a = await first.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const s1 = await first.auth.exchangeCodeForSession(
      (await signInAtTestIdp(a.data.url!, { email })).searchParams.get('code')!,
    );
    const again = pkceClient();
    const b = await again.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const s2 = await again.auth.exchangeCodeForSession(
      (await signInAtTestIdp(b.data.url!, { email })).searchParams.get('code')!,
    );
    expect(s2.data.user?.id).toBe(s1.data.user!.id);
  });

  it('returns tokens in the URL fragment for the implicit flow (supabase-js default)', async () => {
    const client = testClient(stack.url, stack.anonKey);
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/auth/callback', skipBrowserRedirect: true },
    });
    expect(data.url).not.toContain('code_challenge');
    const email = uniqueEmail('implicit');
    const back = await signInAtTestIdp(data.url!, { email, name: 'Implicit Person' });
    expect(back.searchParams.get('code')).toBeNull();
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    const set = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    expect(set.data.user?.user_metadata.full_name).toBe('Implicit Person');
  });

  it('links a social identity to the signed-in user, and refuses one that is already linked', async () => {
    const owner = testClient(stack.url, stack.anonKey);
    await owner.auth.signUp({ email: uniqueEmail('owner'), password: 'Borealis-Kp7-Night' });
    const link = await owner.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/settings' },
    });
    expect(link.error).toBeNull();
    const googleEmail = uniqueEmail('google-account');
    const back = await signInAtTestIdp(link.data.url!, {
      email: googleEmail,
      name: 'Owner On Google',
    });
    expect(back.hash).toContain('access_token=');
    const me = await owner.auth.getUser();
    expect(me.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);

    const intruder = testClient(stack.url, stack.anonKey);
    await intruder.auth.signUp({ email: uniqueEmail('intruder'), password: 'Borealis-Kp7-Night' });
    const attempt = await intruder.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: 'http://localhost:5173/settings' },
    });
    const refused = await signInAtTestIdp(attempt.data.url!, { email: googleEmail });
    expect(new URLSearchParams(refused.hash.slice(1)).get('error_code')).toBe(
      'identity_already_exists',
    );
    expect((await intruder.auth.getUser()).data.user?.identities?.map((i) => i.provider)).toEqual([
      'email',
    ]);
  });

  it('is off unless providers are configured (the npm start default)', async () => {
    const bare = await startTestStack({ externalProviders: [] });
    try {
      for (const path of [
        '/auth/v1/authorize?provider=google',
        '/auth/v1/test-idp/authorize?provider=google',
      ]) {
        const r = await fetch(`${bare.url}${path}&redirect_to=http://localhost:5173/`, {
          redirect: 'manual',
        });
        expect(r.status, path).toBe(400);
        expect((await r.json()) as unknown).toMatchObject({
          error_code: 'validation_failed',
          msg: 'Unsupported provider: provider is not enabled',
        });
      }
      const posted = await fetch(`${bare.url}/auth/v1/test-idp/callback`, {
        method: 'POST',
        body: new URLSearchParams({ provider: 'google', email: uniqueEmail('x') }),
        redirect: 'manual',
      });
      expect(posted.status).toBe(400);
      const settings = (await (await fetch(`${bare.url}/auth/v1/settings`)).json()) as {
        external: Record<string, boolean>;
      };
      expect(settings.external.google).toBeUndefined();
    } finally {
      await bare.stop();
    }
  });

  it('rejects a provider that is not configured', async () => {
    const r = await fetch(
      `${stack.url}/auth/v1/authorize?provider=facebook&redirect_to=http://localhost:5173/`,
      { redirect: 'manual' },
    );
    expect(r.status).toBe(400);
    expect((await r.json()) as unknown).toMatchObject({ error_code: 'validation_failed' });
  });
});
