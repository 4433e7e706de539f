import type { SupabaseClient } from '@supabase/supabase-js';
import { MSG, type AuthResult } from './authMessages.ts';
import type { AuthControllerDeps } from './authControllerContract.ts';
import { ethereumUser, writeEthereumSession } from './ethereumSession.ts';
import { fetchNonce, signInWithEthereumWallet } from './ethereumSignIn.ts';
import type { AuthUser } from './useAuth.ts';

/**
 * Sign-in with the browser's wallet through our backend: a server nonce, the signed SIWE message
 * checked by `siwe-verify`, then the Ethereum session kept on this device and, when the backend
 * returns one, a real supabase session so REST and realtime calls carry the user's JWT.
 */
export async function signInWithEthereumBackend(ctx: {
  deps: AuthControllerDeps;
  withClient: (
    fallback: string,
    run: (client: SupabaseClient) => Promise<AuthResult>,
  ) => Promise<AuthResult>;
  signedIn: (user: AuthUser) => void;
}): Promise<AuthResult> {
  const wallet = ctx.deps.ethereum();
  if (!wallet) return { ok: false, message: MSG.noWallet };
  return ctx.withClient(MSG.ethereumFailed, async (client) => {
    const headers = await ctx.deps.backendHeaders();
    const base = ctx.deps.config.functionsBase;
    const result = await signInWithEthereumWallet({
      ethereum: wallet,
      domain: ctx.deps.location.host,
      origin: ctx.deps.location.origin,
      now: ctx.deps.now,
      fetchNonce: () => fetchNonce(ctx.deps.fetch, base, headers),
      async verify(body) {
        const res = await ctx.deps.fetch(`${base}/siwe-verify`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const parsed = (await res.json().catch(() => null)) as never;
        return { ok: res.ok, body: parsed };
      },
    });
    if (!result.ok) return result;
    if (ctx.deps.storage) writeEthereumSession(ctx.deps.storage, result.session);
    ctx.signedIn(ethereumUser(result.session, result.profile));
    if (result.refreshToken) {
      // A real supabase session too, so REST/realtime calls and refreshes carry the user's JWT.
      await client.auth.setSession({
        access_token: result.accessToken,
        refresh_token: result.refreshToken,
      });
    }
    return { ok: true };
  });
}
