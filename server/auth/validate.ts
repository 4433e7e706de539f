import { AuthError } from './http.ts';
import { MAX_EMAIL_CHARS, MAX_METADATA_BYTES } from './limits.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
// C0 and C1 controls (NUL included): Postgres text cannot hold NUL, and no address has them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A trimmed, lower-cased address, or a 400 saying what is wrong with it. */
export function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > MAX_EMAIL_CHARS)
    throw new AuthError(
      400,
      'validation_failed',
      `Unable to validate email address: an address has at most ${MAX_EMAIL_CHARS} characters`,
    );
  if (CONTROL.test(email) || !EMAIL.test(email))
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  return email;
}

/** A sign-in identifier (email or phone) that can be looked up at all: bounded, no control characters. */
export function lookupKey(raw: string): string {
  const v = raw.trim();
  if (v.length > MAX_EMAIL_CHARS || CONTROL.test(v))
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address or phone number: invalid format',
    );
  return v;
}

/** User (or app) metadata rides in every access token: refuse it past a few kilobytes. */
export function checkMetadata(
  meta: Record<string, unknown>,
  what = 'User metadata',
): Record<string, unknown> {
  const bytes = Buffer.byteLength(JSON.stringify(meta), 'utf8');
  if (bytes > MAX_METADATA_BYTES)
    throw new AuthError(
      400,
      'validation_failed',
      `${what} is too large: ${bytes} bytes, at most ${MAX_METADATA_BYTES}`,
    );
  return meta;
}
