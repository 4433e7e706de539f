import { errors, jwtVerify } from 'jose';
import { getEnv } from './env.ts';

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

/**
 * The caller of a request. No token = anonymous. With `SUPABASE_JWT_SECRET` set (local stack,
 * legacy hosted projects) the token is verified locally; otherwise Auth is asked (`/auth/v1/user`).
 */
export async function getCaller(
  req: Request,
  opts: { now?: number; fetch?: typeof fetch } = {},
): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) return { role: 'anon', userId: null };
  // Keys may be opaque (`sb_secret_…`) rather than JWTs on newer hosted projects.
  if (token === getEnv('SUPABASE_SERVICE_ROLE_KEY')) return { role: 'service_role', userId: null };
  if (token === getEnv('SUPABASE_ANON_KEY')) return { role: 'anon', userId: null };
  const secret = getEnv('SUPABASE_JWT_SECRET');
  if (secret) return callerFromClaims(await verifyHs256(token, secret, opts.now ?? Date.now()));
  const url = getEnv('SUPABASE_URL');
  const anonKey = getEnv('SUPABASE_ANON_KEY');
  if (!url || !anonKey) throw new AuthError('Server auth is not configured');
  const res = await (opts.fetch ?? fetch)(`${url.replace(/\/+$/, '')}/auth/v1/user`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new AuthError('Invalid or expired session');
  const user = (await res.json()) as { id?: string; email?: string };
  if (!user.id) throw new AuthError('Invalid or expired session');
  return { role: 'authenticated', userId: user.id, email: user.email ?? null };
}
