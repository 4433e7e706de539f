import { Wallet } from 'ethers';
import { SignJWT } from 'jose';
import { SiweMessage } from 'siwe';
import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';
import {
  bearer,
  SIWE_DOMAIN,
  SIWE_URI,
  hostedFunctionsOnDeno,
} from '../../support/hostedFunctionsOnDeno.ts';

/**
 * The account functions on Deno with hosted Supabase's environment
 * (tests/support/hostedFunctionsOnDeno.ts): sign-in with a wallet, push subscriptions and the Kp
 * alert they receive, account deletion and the calendar link, through the project's Auth.
 */
const deno = hostedFunctionsOnDeno([
  'siwe-nonce',
  'siwe-verify',
  'push-subscription',
  'kp-alert-sender',
  'delete-account',
  'plan-feed',
]);
const { call, feedLink } = deno;

describe('the account functions on Deno with hosted Supabase’s environment', () => {
  it('siwe-nonce and siwe-verify sign a wallet in for SIWE_DOMAIN through the project’s Auth, and refuse a malformed request', async () => {
    const nonceRes = await call('siwe-nonce', '', { method: 'POST' });
    expect(nonceRes.status).toBe(200);
    const issued = (await nonceRes.json()) as { nonce: string; domain: string; uri: string };
    expect(issued).toMatchObject({ domain: SIWE_DOMAIN, uri: SIWE_URI });
    const wallet = Wallet.createRandom();
    const message = new SiweMessage({
      domain: SIWE_DOMAIN,
      address: wallet.address,
      statement: 'Sign in to Aurora',
      uri: SIWE_URI,
      version: '1',
      chainId: 1,
      nonce: issued.nonce,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    const res = await call('siwe-verify', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message,
        signature: await wallet.signMessage(message),
        address: wallet.address,
        ensName: null,
      }),
    });
    const body = (await res.json()) as { success: boolean; userId: string; error: string | null };
    expect(res.status, body.error ?? '').toBe(200);
    expect(body.success).toBe(true);
    const [mapped] = await deno
      .stack()
      .sql<{ user_id: string }>('select user_id from wallet_accounts where address = $1', [
        wallet.address.toLowerCase(),
      ]);
    expect(mapped?.user_id).toBe(body.userId);
    const bad = await call('siwe-verify', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(400);
  });

  it('push-subscription stores an anonymous subscription to an allowed push host, and refuses a private endpoint and a token without expiry', async () => {
    const sub = deno.push().subscription('/push/deno');
    const res = await call('push-subscription', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sub, kpThreshold: 5 }),
    });
    expect(res.status).toBe(201);
    const rows = await deno
      .stack()
      .sql(
        'select kp_threshold::float8 as kp_threshold from push_subscriptions where endpoint = $1',
        [sub.endpoint],
      );
    expect(rows).toEqual([{ kp_threshold: 5 }]);
    const inside = await call('push-subscription', '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sub, endpoint: 'https://10.0.0.1/push/x' }),
    });
    expect(inside.status).toBe(400);
    // Signed with the project's published key (SUPABASE_JWKS), but valid for ever: refused.
    const forever = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'deno-smoke' })
      .sign(deno.signingKey());
    const noExp = await call('push-subscription', '', {
      method: 'POST',
      headers: bearer(forever, { 'content-type': 'application/json' }),
      body: JSON.stringify(deno.push().subscription('/push/forever')),
    });
    expect(noExp.status).toBe(401);
    expect(((await noExp.json()) as { error: string }).error).toMatch(/no expiry/);
  });

  it('kp-alert-sender, run with the service-role key as the schedule runs it, pushes the alert through VAPID', async () => {
    expect((await call('kp-alert-sender', '', { method: 'POST' })).status).toBe(403);
    expect(
      (await call('kp-alert-sender', '', { headers: bearer(deno.stack().serviceRoleKey) })).status,
    ).toBe(405);
    const res = await call('kp-alert-sender', '', {
      method: 'POST',
      headers: bearer(deno.stack().serviceRoleKey),
    });
    const summary = await res.text();
    expect(res.status, summary).toBe(200);
    const pushes = deno.push().pushed.filter((p) => p.path === '/push/deno');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(deno.push().decrypt(pushes[0]!)).toMatchObject({
      type: 'kp-alert',
      title: expect.stringMatching(/^Aurora alert: Kp /),
    });
  });

  it('delete-account deletes a signed-in caller through the project’s Auth, and refuses a caller without a session', async () => {
    const signUp = await fetch(`${deno.stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: deno.stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('deno-leaving'), password: STRONG_PASSWORD }),
    });
    const session = (await signUp.json()) as { access_token: string; user: { id: string } };
    expect((await call('delete-account', '', { method: 'POST' })).status).toBe(401);
    const res = await call('delete-account', '', {
      method: 'POST',
      headers: bearer(session.access_token),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: true, userId: session.user.id });
    expect(
      await deno.stack().sql('select 1 from auth.users where id = $1', [session.user.id]),
    ).toEqual([]);
  });

  it('plan-feed makes a signed-in user’s calendar link through the project’s Auth and serves the place’s nights to a caller with no session', async () => {
    expect((await call('plan-feed', '/token', { method: 'POST' })).status).toBe(401);
    const link = await feedLink();
    const res = await call('plan-feed', link.url);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('LOCATION:Tromsø\r\n');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT3H\r\n');
    // Another token (its first character changed): the same bare 404 as a revoked one.
    const other = link.url.replace(/^\/(.)/, (_, c: string) => (c === 'A' ? '/B' : '/A'));
    expect((await call('plan-feed', other)).status).toBe(404);
    const revoked = await call('plan-feed', '/token', {
      method: 'DELETE',
      headers: bearer(link.accessToken),
    });
    expect(revoked.status).toBe(200);
    expect((await call('plan-feed', link.url)).status).toBe(404);
  });
});
