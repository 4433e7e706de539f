import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import { getEnv, memoByEnv } from './env.ts';

/** Who is calling, as the bearer token says. */
export type Caller =
  | { role: 'anon'; userId: null }
  | { role: 'authenticated'; userId: string; email: string | null }
  | { role: 'service_role'; userId: null };

export class AuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthError';
  }
}

/** Why jose refused a token, in the words our callers see (401 bodies). */
function refusal(e: unknown): string {
  if (e instanceof errors.JWTExpired) return 'Token expired';
  // A token without `exp` never expires: a leaked one would work for ever (jose: requiredClaims).
  if (e instanceof errors.JWTClaimValidationFailed && e.claim === 'exp')
    return 'Token has no expiry';
  if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported)
    return 'Unsupported token algorithm';
  if (e instanceof errors.JWSSignatureVerificationFailed) return 'Invalid token signature';
  if (e instanceof errors.JWTClaimValidationFailed) return `Invalid token: ${e.message}`;
  return 'Malformed token';
}

/**
 * Verifies an HS256 JWT with `jose` (maintained, runs on Deno and Node) and returns its claims.
 * Only HS256 is accepted (the project's shared secret), and the token must carry `exp`: GoTrue
 * puts it on every access token and on the project keys, so a token without one is not ours.
 */
export async function verifyHs256(
  token: string,
  secret: string,
  now: number,
): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    return payload as Record<string, unknown>;
  } catch (e) {
    throw new AuthError(refusal(e));
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  const match = header && /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}

function callerFromClaims(claims: Record<string, unknown>): Caller {
  if (claims.role === 'service_role') return { role: 'service_role', userId: null };
  if (claims.role === 'authenticated' && typeof claims.sub === 'string' && claims.sub) {
    return {
      role: 'authenticated',
      userId: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
    };
  }
  return { role: 'anon', userId: null };
}

/** Asymmetric algorithms hosted Auth signs with once a project has JWT signing keys. */
const SIGNING_KEY_ALGORITHMS = ['ES256', 'RS256', 'EdDSA'];

/**
 * The project's published signing keys, from `SUPABASE_JWKS` (hosted Supabase sets it for every
 * function: the same set as `/auth/v1/.well-known/jwks.json`). Null when unset, unreadable or
 * empty (a project still on the legacy shared secret publishes no key).
 */
const projectJwks = memoByEnv(['SUPABASE_JWKS'], () => {
  const raw = getEnv('SUPABASE_JWKS');
  if (!raw) return null;
  try {
    const set = JSON.parse(raw) as JSONWebKeySet;
    return Array.isArray(set.keys) && set.keys.length > 0 ? createLocalJWKSet(set) : null;
  } catch {
    return null;
  }
});

/**
 * Verifies a token signed with one of the project's signing keys (jose), `exp` required as for
 * HS256. Null when no published key matches (a legacy HS256 token, or a key rotated since the
 * function started): then Auth decides.
 */
async function verifyWithJwks(token: string, now: number): Promise<Record<string, unknown> | null> {
  const jwks = projectJwks();
  if (!jwks) return null;
  try {
    const { payload } = await jwtVerify(token, jwks, {
      algorithms: SIGNING_KEY_ALGORITHMS,
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    return payload as Record<string, unknown>;
  } catch (e) {
    if (e instanceof errors.JWKSNoMatchingKey || e instanceof errors.JOSEAlgNotAllowed) return null;
    throw new AuthError(refusal(e));
  }
}

/**
 * The caller of a request. No token = anonymous. The token is verified here when we hold its key:
 * `SUPABASE_JWT_SECRET` (the local stack, self-hosted; hosted Supabase reserves the `SUPABASE_`
 * prefix, so it is never set there) or a key of `SUPABASE_JWKS`; otherwise Auth is asked
 * (`/auth/v1/user`), which also refuses a signed-out session.
 * `confirmAccount`: a signed-in caller verified here is confirmed by Auth too, because a token
 * outlives its account (deleted) and its session (signed out) until it expires; a function that
 * writes the user's rows asks for it.
 */
export async function getCaller(
  req: Request,
  opts: { now?: number; fetch?: typeof fetch; confirmAccount?: boolean } = {},
): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) return { role: 'anon', userId: null };
  // Keys may be opaque (`sb_secret_…`) rather than JWTs on newer hosted projects.
  if (token === getEnv('SUPABASE_SERVICE_ROLE_KEY')) return { role: 'service_role', userId: null };
  if (token === getEnv('SUPABASE_ANON_KEY')) return { role: 'anon', userId: null };
  const now = opts.now ?? Date.now();
  const secret = getEnv('SUPABASE_JWT_SECRET');
  const verified = secret
    ? await verifyHs256(token, secret, now)
    : await verifyWithJwks(token, now);
  if (!verified) return askAuth(token, opts.fetch);
  const caller = callerFromClaims(verified);
  if (caller.role !== 'authenticated' || !opts.confirmAccount) return caller;
  const confirmed = await askAuth(token, opts.fetch);
  if (confirmed.userId !== caller.userId) throw new AuthError('Invalid or expired session');
  return caller;
}

/** Who Auth says the token's user is; refused when Auth does not know them (any more). */
async function askAuth(token: string, fetchFn: typeof fetch | undefined): Promise<Caller> {
  const url = getEnv('SUPABASE_URL');
  const anonKey = getEnv('SUPABASE_ANON_KEY');
  if (!url || !anonKey) throw new AuthError('Server auth is not configured');
  const res = await (fetchFn ?? fetch)(`${url.replace(/\/+$/, '')}/auth/v1/user`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  });
  // Auth itself failing says nothing about the caller: not a refusal (the client's retry may pass).
  if (res.status >= 500) throw new Error(`Auth answered ${res.status}`);
  if (!res.ok) throw new AuthError('Invalid or expired session');
  const user = (await res.json()) as { id?: string; email?: string };
  if (!user.id) throw new AuthError('Invalid or expired session');
  return { role: 'authenticated', userId: user.id, email: user.email ?? null };
}
