import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ETH_KEYS } from '../../../src/auth/ethereumSession.ts';
import { authControllerSuite, eventually, profileOf } from '../../support/authControllerHarness.ts';
import { uniqueEmail } from '../../support/clients.ts';

/**
 * The page's auth controller (src/auth, through tests/support/authControllerHarness.ts) against
 * the local stack: signing in through the test identity provider (PKCE) and with an Ethereum
 * wallet (the wallet is an ethers key).
 */

const { stack, harness } = authControllerSuite();

describe('auth controller against the local stack', () => {
  it('signs in through the test identity provider with PKCE and creates the profile with the provider’s name', async () => {
    const h = harness();
    expect(await h.ctrl.signInWithOAuth()).toEqual({ ok: true });
    const authorizeUrl = new URL(h.assigned[0]!);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('s256');
    expect(h.storage.getItem('aurora-auth-code-verifier')).toBeTruthy();

    // The browser's part: follow to the IdP page, submit it, land on /auth/callback?code=…
    const toIdp = await fetch(authorizeUrl, { redirect: 'manual' });
    const idpUrl = new URL(toIdp.headers.get('location')!);
    const email = uniqueEmail('oauth');
    const form = new URLSearchParams({ email, name: 'Hypatia of Alexandria', picture: '' });
    for (const k of ['provider', 'redirect_to', 'code_challenge', 'code_challenge_method'])
      form.set(k, idpUrl.searchParams.get(k) ?? '');
    const back = await fetch(`${stack().url}/auth/v1/test-idp/callback`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = back.headers.get('location')!;
    expect(new URL(callback).pathname).toBe('/auth/callback');

    expect(await h.ctrl.completeOAuthCallback(callback)).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    expect(user).toMatchObject({ email, fullName: 'Hypatia of Alexandria', provider: 'google' });
    expect((await eventually(() => profileOf(stack(), user.id))).full_name).toBe(
      'Hypatia of Alexandria',
    );
    // The code is single-use.
    const again = await harness().ctrl.completeOAuthCallback(callback);
    expect(again.ok).toBe(false);
    h.ctrl.stop();
  });

  it('signs in with an Ethereum wallet, restores that session on reload, and clears it once the profile is gone', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    // The message names the page's own origin, which the local siwe-verify expects (SUPABASE_URL).
    const h = harness({ wallet });
    expect(await h.ctrl.signInWithEthereum()).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    // No invented email: the account is shown by its address.
    expect(user).toMatchObject({
      provider: 'ethereum',
      email: null,
      walletAddress: wallet.address,
    });
    expect(h.storage.getItem(ETH_KEYS.address)).toBe(wallet.address);
    // The backend's session became the supabase-js session too.
    expect(JSON.parse(h.storage.getItem('aurora-auth')!).user.id).toBe(user.id);
    await eventually(() => profileOf(stack(), user.id));
    h.ctrl.stop();

    // On reload the stored Ethereum session is checked against the profile (which now has a name).
    await stack().sql('update public.profiles set full_name = $2 where id = $1', [
      user.id,
      'Satoshi',
    ]);
    const reloaded = harness({ storage: h.storage });
    reloaded.ctrl.start();
    expect(reloaded.ctrl.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { id: user.id, provider: 'ethereum' },
    });
    await eventually(() => reloaded.ctrl.getSnapshot().user?.fullName === 'Satoshi');
    reloaded.ctrl.stop();

    await stack().sql('delete from public.profiles where id = $1', [user.id]);
    const storage = h.storage;
    storage.removeItem('aurora-auth'); // only the Ethereum entries are left to judge
    const third = harness({ storage });
    third.ctrl.start();
    await eventually(() => storage.getItem(ETH_KEYS.token) === null);
    expect(third.ctrl.getSnapshot().status).toBe('signed-out');
    third.ctrl.stop();
  });
});
