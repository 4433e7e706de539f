import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export interface AccessClaims extends JWTPayload {
  role: string;
  sub?: string;
  email?: string;
  session_id?: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(secret: string, claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(key(secret));
}

/** Verifies an HS256 token signed with the shared secret; null when invalid or expired. */
export async function verifyJwt(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    return typeof payload.role === 'string' ? (payload as AccessClaims) : null;
  } catch {
    return null;
  }
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** The project API keys, as `supabase start` prints them: long-lived JWTs for the anon and service roles. */
export async function makeApiKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  return {
    anonKey: await signJwt(secret, { iss: 'supabase-local', ref: 'local', role: 'anon' }, TEN_YEARS),
    serviceRoleKey: await signJwt(secret, { iss: 'supabase-local', ref: 'local', role: 'service_role' }, TEN_YEARS),
  };
}
