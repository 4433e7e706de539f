import { describe, expect, it } from 'vitest';
import { authControllerSuite, eventually } from '../../support/authControllerHarness.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';

/**
 * The page's auth controller (src/auth, through tests/support/authControllerHarness.ts) and
 * supabase-js' refresh ticker it starts (src/auth/sessionTicker.ts), against a local stack whose
 * tokens live 100 s (= 3 ticks: due at the first tick).
 */

const { harness } = authControllerSuite({ jwtExpiry: 100 });

describe('session ticker against the local stack', () => {
  it('keeps an expired session through an offline start and refreshes it once the network is back', async () => {
    const first = harness();
    await first.ctrl.signUp({ email: uniqueEmail('offline-start'), password: STRONG_PASSWORD });
    first.ctrl.stop();
    const stored = JSON.parse(first.storage.getItem('aurora-auth')!) as {
      expires_at: number;
      refresh_token: string;
    };
    // A later visit (a fresh storage, so the first client cannot touch it) with the token expired.
    const storage = memoryStorage();
    storage.setItem(
      'aurora-auth',
      JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }),
    );

    let offline = true;
    const h = harness({ storage, offline: () => offline });
    h.ctrl.start();
    await new Promise((r) => setTimeout(r, 600)); // refreshes failing, retried from 200 ms
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    expect(JSON.parse(h.storage.getItem('aurora-auth')!).refresh_token).toBe(stored.refresh_token);

    offline = false;
    const refreshed = await eventually(() => {
      const now = JSON.parse(h.storage.getItem('aurora-auth') ?? 'null') as {
        refresh_token?: string;
        expires_at?: number;
      } | null;
      return now && now.refresh_token !== stored.refresh_token ? now : null;
    }, 15_000);
    expect(refreshed.expires_at! * 1000).toBeGreaterThan(Date.now());
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    h.ctrl.stop();
  });

  it('refreshes a token that is within 3 ticks of expiry, rotating the refresh token', async () => {
    const h = harness(); // the tick at sign-in finds 3 ticks left
    await h.ctrl.signUp({ email: uniqueEmail('tick'), password: STRONG_PASSWORD });
    const before = JSON.parse(h.storage.getItem('aurora-auth')!).refresh_token as string;
    const after = await eventually(() => {
      const now = JSON.parse(h.storage.getItem('aurora-auth') ?? 'null') as {
        refresh_token?: string;
      } | null;
      return now?.refresh_token && now.refresh_token !== before ? now.refresh_token : null;
    });
    expect(after).not.toBe(before);
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    h.ctrl.stop();
  });
});
