import { bearerToken } from '../_shared/auth.ts';
import { getEnv } from '../_shared/env.ts';
import { errorJson, json, methodNotAllowed, preflight } from '../_shared/http.ts';

interface DeleteAccountDeps {
  /** The project URL (SUPABASE_URL). */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  fetch: typeof fetch;
}

const DELETE_ACCOUNT_ERRORS = {
  signIn: 'Sign in to delete your account.',
  expired: 'Your session has ended. Sign in again to delete your account.',
  failed: 'Your account could not be deleted just now. Please try again.',
} as const;

function depsFromEnv(): DeleteAccountDeps {
  const url = getEnv('SUPABASE_URL');
  const anonKey = getEnv('SUPABASE_ANON_KEY');
  const serviceRoleKey = getEnv('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !anonKey || !serviceRoleKey)
    throw new Error(
      'delete-account needs SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY',
    );
  return {
    url: url.replace(/\/+$/, ''),
    anonKey,
    serviceRoleKey,
    fetch: (input, init) => fetch(input, init),
  };
}

/**
 * POST (or DELETE) /delete-account: deletes the caller's own account. Hosted Auth has no
 * self-delete endpoint, so the caller is proven by Auth itself (`GET /auth/v1/user` with their
 * token: a signed-out session or a deleted user is refused, not just a bad signature) and the
 * user is deleted with the service role (`DELETE /auth/v1/admin/users/{id}`). The database
 * follows: profile (trigger), push subscriptions, wallet link, identities and sessions (cascades).
 */
function createDeleteAccountHandler(
  getDeps: () => DeleteAccountDeps,
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST' && req.method !== 'DELETE')
      return methodNotAllowed(['POST', 'DELETE']);
    let deps: DeleteAccountDeps;
    try {
      deps = getDeps();
    } catch (e) {
      return errorJson(500, e instanceof Error ? e.message : String(e));
    }
    const token = bearerToken(req);
    // The project keys name no one: only a user's own session may delete an account.
    if (!token || token === deps.anonKey || token === deps.serviceRoleKey)
      return errorJson(401, DELETE_ACCOUNT_ERRORS.signIn);

    let userId: string;
    try {
      const res = await deps.fetch(`${deps.url}/auth/v1/user`, {
        headers: { apikey: deps.anonKey, authorization: `Bearer ${token}` },
      });
      if (res.status === 401 || res.status === 403)
        return errorJson(401, DELETE_ACCOUNT_ERRORS.expired);
      if (!res.ok) return errorJson(502, DELETE_ACCOUNT_ERRORS.failed);
      const user = (await res.json()) as { id?: unknown };
      if (typeof user.id !== 'string' || !user.id)
        return errorJson(401, DELETE_ACCOUNT_ERRORS.expired);
      userId = user.id;
    } catch {
      return errorJson(502, DELETE_ACCOUNT_ERRORS.failed);
    }

    try {
      const res = await deps.fetch(
        `${deps.url}/auth/v1/admin/users/${encodeURIComponent(userId)}`,
        {
          method: 'DELETE',
          headers: { apikey: deps.serviceRoleKey, authorization: `Bearer ${deps.serviceRoleKey}` },
        },
      );
      // Gone already (a double click, a retried request): the outcome the caller asked for.
      if (!res.ok && res.status !== 404) {
        console.error(
          `delete-account: deleting ${userId} failed: ${res.status} ${await res.text().catch(() => '')}`,
        );
        return errorJson(502, DELETE_ACCOUNT_ERRORS.failed);
      }
    } catch (e) {
      console.error(
        `delete-account: deleting ${userId} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      return errorJson(502, DELETE_ACCOUNT_ERRORS.failed);
    }
    return json({ deleted: true, userId });
  };
}

export default createDeleteAccountHandler(depsFromEnv);
