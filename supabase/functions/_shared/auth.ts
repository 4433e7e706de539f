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

function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Verifies an HS256 JWT with Web Crypto and returns its claims. Hand-rolled (it is 20 lines) so the
 * functions carry no JWT dependency on either runtime.
 */
export async function verifyHs256(
  token: string,
  secret: string,
  now: number,
): Promise<Record<string, unknown>> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new AuthError('Malformed token');
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder().decode(base64UrlToBytes(h))) as { alg?: string };
    claims = JSON.parse(new TextDecoder().decode(base64UrlToBytes(p))) as Record<string, unknown>;
  } catch {
    throw new AuthError('Malformed token');
  }
  if (header.alg !== 'HS256') throw new AuthError('Unsupported token algorithm');
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify(
    'HMAC',
    key,
    base64UrlToBytes(s),
    new TextEncoder().encode(`${h}.${p}`),
  );
  if (!ok) throw new AuthError('Invalid token signature');
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now)
    throw new AuthError('Token expired');
  return claims;
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
 * `confirmAccount`: a signed-in caller is always confirmed by Auth too, because a token outlives
 * its account (deleted) and its session (signed out) until it expires; a function that writes
 * the user's rows asks for it.
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
  const secret = getEnv('SUPABASE_JWT_SECRET');
  if (secret) {
    const caller = callerFromClaims(await verifyHs256(token, secret, opts.now ?? Date.now()));
    if (caller.role !== 'authenticated' || !opts.confirmAccount) return caller;
    const confirmed = await askAuth(token, opts.fetch);
    if (confirmed.userId !== caller.userId) throw new AuthError('Invalid or expired session');
    return caller;
  }
  return askAuth(token, opts.fetch);
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
