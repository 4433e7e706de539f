import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export interface AccessClaims extends JWTPayload {
  role: string;
  sub?: string;
  email?: string;
  session_id?: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(
  secret: string,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(key(secret));
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

// Fixed times make the keys a pure function of the secret: stable across restarts of one data dir.
const KEY_IAT = 1_700_000_000;
const KEY_EXP = 2_100_000_000;

async function apiKey(secret: string, role: string): Promise<string> {
  return new SignJWT({ iss: 'supabase-local', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(KEY_IAT)
    .setExpirationTime(KEY_EXP)
    .sign(key(secret));
}

/** The project API keys, as `supabase start` prints them: long-lived JWTs for the anon and service roles. */
export async function makeApiKeys(
  secret: string,
): Promise<{ anonKey: string; serviceRoleKey: string }> {
  return {
    anonKey: await apiKey(secret, 'anon'),
    serviceRoleKey: await apiKey(secret, 'service_role'),
  };
}
