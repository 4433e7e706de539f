/**
 * The secret in a calendar feed's URL. Calendar apps send no JWT, so whoever holds the URL reads
 * the feed: the token is 32 random bytes (256 bits; OWASP asks at least 128 bits of entropy for a
 * session identifier, https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html),
 * written base64url (43 characters, safe in a path), and only its SHA-256 is stored, so the table
 * alone opens no feed. A slow hash would add nothing: the input is random, not a password.
 */

/** Random bytes in a token. */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new token from the platform's CSPRNG (Web Crypto, Deno and Node alike). */
export function newFeedToken(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return base64url(random(new Uint8Array(TOKEN_BYTES)));
}

/** Lowercase hex SHA-256 of the token's text: what `plan_feed_tokens.token_hash` holds. */
export async function hashFeedToken(token: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)),
  );
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The token of a feed path's last segment, `<token>.ics`; null for anything else (which then
 * answers 404 like an unknown token, before any database look-up).
 */
export function tokenFromSegment(segment: string | undefined): string | null {
  if (!segment?.endsWith('.ics')) return null;
  const token = segment.slice(0, -'.ics'.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}
