/** The exact user-facing texts of spec §5 and §8 for sign-in, plus how errors map onto them. */

export const MSG = {
  missingCredentials: 'You must provide either an email or phone number and a password.',
  signInFailed: 'Failed to sign in',
  googleFailed: 'Failed to sign in with Google',
  ethereumFailed: 'Failed to sign in with Ethereum',
  signUpFailed: 'Failed to sign up',
  signOutFailed: 'Failed to sign out',
  verifyFailed: 'Failed to verify signature',
  noWallet: 'No Ethereum wallet found in this browser',
  offline: 'You are offline — sign-in needs a connection.',
  permissionNotGranted: 'Permission not granted',
} as const;

/** The outcome every sign-in action hands back to a form. */
export type AuthResult =
  | { ok: true; message?: string }
  | { ok: false; message: string; reasons?: string[] };

/** Spec §5: an email or a phone, together with a password. Returns the spec's message or null. */
export function validateCredentials(input: { email?: string; phone?: string; password?: string }): string | null {
  const id = (input.email ?? '').trim() || (input.phone ?? '').trim();
  if (!id || !input.password) return MSG.missingCredentials;
  return null;
}

/**
 * One field takes either (spec §5: "an email or phone"): anything with an at-sign is an email,
 * a run of digits (with an optional +, spaces, dashes, dots or brackets) is a phone number in
 * E.164-ish form, and anything else is passed on as an email for the server to judge.
 */
export function splitIdentifier(value: string): { email?: string; phone?: string } {
  const text = value.trim();
  if (!text) return {};
  if (!text.includes('@') && /^\+?[0-9][0-9 ().-]{5,}$/.test(text)) return { phone: text.replace(/[ ().-]/g, '') };
  return { email: text };
}

/** Human text for GoTrue's weak_password reason codes (the gateway's rule: server/auth/weakPassword.ts); unknown codes are shown as they come. */
const REASON_TEXT: Record<string, string> = {
  length: 'It must be at least 8 characters long.',
  characters: 'It must contain a lower-case letter, an upper-case letter and a digit.',
  pwned: 'It is a well-known password that is easy to guess.',
};

export function reasonText(reason: string): string {
  return REASON_TEXT[reason] ?? reason;
}

/** Client-side hints shown under the new-password field while typing. Advisory: the server decides. */
export function passwordHints(password: string): string[] {
  const hints: string[] = [];
  if ([...password].length < 8) hints.push('Use at least 8 characters.');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    hints.push('Mix lower-case and upper-case letters with at least one digit.');
  }
  return hints;
}

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  reasons?: unknown;
  name?: unknown;
}

/** Weak-password reasons carried by an auth error (AuthWeakPasswordError, or the raw response body). */
export function weakPasswordReasons(error: unknown): string[] | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as ErrorLike & { weak_password?: { reasons?: unknown } };
  const isWeak = e.code === 'weak_password' || e.name === 'AuthWeakPasswordError' || e.weak_password !== undefined;
  if (!isWeak) return null;
  const raw = Array.isArray(e.reasons) ? e.reasons : Array.isArray(e.weak_password?.reasons) ? e.weak_password.reasons : [];
  return raw.filter((r): r is string => typeof r === 'string').map(reasonText);
}

/**
 * The message for a failed auth call: the server's own text when it sent one, else the spec's
 * fallback. A network failure (status 0) gets the fallback, not the browser's "Failed to fetch".
 */
export function authFailure(error: unknown, fallback: string): Extract<AuthResult, { ok: false }> {
  const reasons = weakPasswordReasons(error);
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const serverText = typeof e.message === 'string' && e.message.trim() && status !== 0 && status !== undefined ? e.message.trim() : null;
  const result: Extract<AuthResult, { ok: false }> = { ok: false, message: serverText ?? fallback };
  if (reasons) result.reasons = reasons;
  return result;
}
