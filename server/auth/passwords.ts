import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { AuthError } from './http.ts';

/**
 * Hosted Supabase Auth hashes with bcrypt, which reads 72 bytes; it refuses longer passwords, and so
 * do we (a 10 MB password would otherwise be hashed in full).
 */
const MAX_PASSWORD_BYTES = 72;

const isPasswordTooLong = (password: string) =>
  Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;

export function assertPasswordLength(password: string): void {
  if (isPasswordTooLong(password)) {
    throw new AuthError(
      422,
      'weak_password',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8).`,
      { weak_password: { reasons: ['length'] } },
    );
  }
}

// N=2^14 costs ~40 ms per hash here: slow enough to hinder guessing, fast enough for tests.
const N = 16384;
const R = 8;
const P = 1;
const LEN = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      LEN,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  assertPasswordLength(password);
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // No account has such a password (they are refused when set): nothing to hash.
  if (isPasswordTooLong(password)) return false;
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Still spend the time, so unknown users and password-less users are not distinguishable by timing.
    await derive(password, Buffer.alloc(16), N, R, P);
    return false;
  }
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, 'base64');
  return key.length === expected.length && timingSafeEqual(key, expected);
}
