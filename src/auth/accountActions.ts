import type { SupabaseClient } from '@supabase/supabase-js';
import { authFailure, MSG, type AuthResult } from './authMessages.ts';
import type { AuthController, AuthControllerDeps } from './authControllerContract.ts';
import { clearEthereumSession, readEthereumSession } from './ethereumSession.ts';
import type { AuthUser } from './useAuth.ts';

/**
 * What a signed-up person does with the account itself: ask for a reset link, set a new password
 * after following it, and delete the account (the `delete-account` function; this device then
 * forgets the user). Split from the controller, which keeps the session state and sign-in.
 */
export interface AccountActionsContext {
  deps: AuthControllerDeps;
  /** The controller's front part of every network action (offline and client-load failures). */
  withClient: (
    fallback: string,
    run: (client: SupabaseClient) => Promise<AuthResult>,
  ) => Promise<AuthResult>;
  user: () => AuthUser | null;
  /** Whether supabase-js has a session stored (an Ethereum-only session has none). */
  hasStoredSession: () => boolean;
  signedOut: () => void;
}

export function createAccountActions(
  ctx: AccountActionsContext,
): Pick<AuthController, 'requestPasswordReset' | 'updatePassword' | 'deleteAccount'> {
  return {
    async requestPasswordReset(email) {
      const address = email.trim();
      if (!address || !address.includes('@')) return { ok: false, message: MSG.resetEmailMissing };
      return ctx.withClient(MSG.resetFailed, async (client) => {
        const { error } = await client.auth.resetPasswordForEmail(address, {
          // `type=recovery` in the query survives a failed link too (the error redirect carries
          // no type of its own), so the callback page can name a used link a password reset.
          redirectTo: `${ctx.deps.location.origin}/auth/callback?type=recovery`,
        });
        if (error) return authFailure(error, MSG.resetFailed);
        return { ok: true, message: MSG.resetSent };
      });
    },

    async updatePassword(password) {
      if (!password) return { ok: false, message: MSG.newPasswordMissing };
      return ctx.withClient(MSG.newPasswordFailed, async (client) => {
        const { error } = await client.auth.updateUser({ password });
        if (error) return authFailure(error, MSG.newPasswordFailed, password);
        return { ok: true, message: MSG.newPasswordSet };
      });
    },

    async deleteAccount() {
      const user = ctx.user();
      if (!user) return { ok: false, message: MSG.deleteSignedOut };
      if (ctx.deps.isOffline()) return { ok: false, message: MSG.deleteOffline };
      return ctx.withClient(MSG.deleteFailed, async (client) => {
        const forget = await ctx.deps.prepareToForgetUser?.(user.id).catch(() => null);
        const headers = { ...(await ctx.deps.backendHeaders()) };
        const eth = readEthereumSession(ctx.deps.storage);
        // An Ethereum session without a supabase one proves itself with its own token.
        if (!ctx.hasStoredSession() && eth?.userId === user.id)
          headers['Authorization'] = `Bearer ${eth.token}`;
        const res = await ctx.deps.fetch(`${ctx.deps.config.functionsBase}/delete-account`, {
          method: 'POST',
          headers,
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
          return {
            ok: false,
            message:
              res.status === 401 && typeof body?.error === 'string' ? body.error : MSG.deleteFailed,
          };
        }
        // The server ended every session with the account: forget this device's copy of it.
        clearEthereumSession(ctx.deps.storage);
        await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
        ctx.deps.storage?.removeItem(ctx.deps.config.storageKey);
        ctx.signedOut();
        await forget?.().catch(() => undefined);
        return { ok: true };
      });
    },
  };
}
