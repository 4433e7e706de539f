import { passwordProblems, PROBLEM_TEXT } from '../../core/password/passwordRule.ts';

/** The product's exact wording for sign-in validation and errors, plus how errors map onto them. */

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
  resetEmailMissing: 'Enter the email address you signed up with.',
  resetSent:
    'If an account uses that address, a link to set a new password is on its way. It works once, within an hour.',
  resetFailed: 'Failed to send the reset link',
  newPasswordMissing: 'Enter a new password.',
  newPasswordFailed: 'Failed to set the new password',
  newPasswordSet: 'Your new password is set.',
  accountDeleted: 'Your account is deleted, and you are signed out.',
  deleteFailed: 'Your account could not be deleted just now. Please try again.',
  deleteOffline: 'You are offline — deleting your account needs a connection.',
  deleteSignedOut: 'Sign in to delete your account.',
} as const;

/**
 * What the callback page says when a sign-in or emailed link could not be completed: a sentence
 * for a person, chosen from the URL's error code and the failure, never the server's raw text.
 */
export function callbackFailureSentence(message: string, href: string): string {
  let params = new URLSearchParams();
  try {
    const url = new URL(href);
    params = new URLSearchParams(url.hash.replace(/^#/, ''));
    for (const [k, v] of url.searchParams) params.set(k, v);
  } catch {
    // not a URL: judge by the message alone
  }
  const code = params.get('error_code') ?? '';
  const error = params.get('error') ?? '';
  if (
    code === 'otp_expired' ||
    /expired|already (been )?used|invalid.*(token|code|grant)|flow state/i.test(message)
  ) {
    return 'This link has expired or has already been used. Ask for a new one and open it once.';
  }
  if (error === 'access_denied' || /denied|cancel/i.test(message))
    return 'The sign-in was cancelled or refused, so you are not signed in.';
  if (message === 'No code detected.' || message === 'No session defined in URL') {
    return 'This page was opened without a sign-in to finish. Start again from the Sign In page.';
  }
  if (message === MSG.offline) return message;
  return 'We could not finish signing you in. Please try again.';
}

/** Whether the callback URL is a password-recovery link's landing (`type=recovery`). */
export function isRecoveryLanding(href: string): boolean {
  try {
    const url = new URL(href);
    return (
      new URLSearchParams(url.hash.replace(/^#/, '')).get('type') === 'recovery' ||
      url.searchParams.get('type') === 'recovery'
    );
  } catch {
    return false;
  }
}

/** The outcome every sign-in action hands back to a form. */
export type AuthResult =
  { ok: true; message?: string } | { ok: false; message: string; reasons?: string[] };

/** An email or a phone, together with a password, is required. Returns the product's message or null. */
export function validateCredentials(input: {
  email?: string;
  phone?: string;
  password?: string;
}): string | null {
  const id = (input.email ?? '').trim() || (input.phone ?? '').trim();
  if (!id || !input.password) return MSG.missingCredentials;
  return null;
}

/**
 * One field takes either an email or a phone: anything with an at-sign is an email,
 * a run of digits (with an optional +, spaces, dashes, dots or brackets) is a phone number in
 * E.164-ish form, and anything else is passed on as an email for the server to judge.
 */
export function splitIdentifier(value: string): { email?: string; phone?: string } {
  const text = value.trim();
  if (!text) return {};
  if (!text.includes('@') && /^\+?[0-9][0-9 ().-]{5,}$/.test(text))
    return { phone: text.replace(/[ ().-]/g, '') };
  return { email: text };
}

/** The heading over the weak-password reasons (each reason is said once, in plain words). */
const WEAK_PASSWORD_MESSAGE = 'Choose a stronger password:';

/** Client-side hints shown under the new-password field while typing. Advisory: the server decides. */
export function passwordHints(password: string): string[] {
  return passwordProblems(password)
    .filter((p) => p !== 'pwned')
    .map((p) => PROBLEM_TEXT[p]);
}

/**
 * GoTrue's reason codes as sentences. `characters` says which of lowercase, uppercase and digit is
 * missing when the typed password is at hand (hosted Auth only says "characters"); unknown codes
 * are shown as they come.
 */
function reasonSentences(reasons: readonly string[], password?: string): string[] {
  const out: string[] = [];
  for (const r of reasons) {
    if (r === 'length' || r === 'pwned') out.push(PROBLEM_TEXT[r]);
    else if (r === 'characters') {
      const missing =
        password === undefined
          ? []
          : passwordProblems(password).filter(
              (p) => p === 'lowercase' || p === 'uppercase' || p === 'digit',
            );
      out.push(
        ...(missing.length
          ? missing.map((p) => PROBLEM_TEXT[p])
          : ['Mix lowercase and uppercase letters with a digit']),
      );
    } else out.push(r);
  }
  return [...new Set(out)];
}

interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  reasons?: unknown;
  name?: unknown;
}

/** Weak-password reasons carried by an auth error (AuthWeakPasswordError, or the raw response body), as sentences. */
export function weakPasswordReasons(error: unknown, password?: string): string[] | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as ErrorLike & { weak_password?: { reasons?: unknown } };
  const isWeak =
    e.code === 'weak_password' ||
    e.name === 'AuthWeakPasswordError' ||
    e.weak_password !== undefined;
  if (!isWeak) return null;
  const raw = Array.isArray(e.reasons)
    ? e.reasons
    : Array.isArray(e.weak_password?.reasons)
      ? e.weak_password.reasons
      : [];
  return reasonSentences(
    raw.filter((r): r is string => typeof r === 'string'),
    password,
  );
}

/**
 * The message for a failed auth call: the server's own text when it sent one, else the product's
 * fallback. A network failure (status 0) gets the fallback, not the browser's "Failed to fetch".
 * A weak password gets one heading and its reasons (the server's text would say them again).
 */
export function authFailure(
  error: unknown,
  fallback: string,
  password?: string,
): Extract<AuthResult, { ok: false }> {
  const reasons = weakPasswordReasons(error, password);
  if (reasons?.length) return { ok: false, message: WEAK_PASSWORD_MESSAGE, reasons };
  const e = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const status = typeof e.status === 'number' ? e.status : undefined;
  // Words only from an answer the server gave: not a network failure (status 0), not a gateway's
  // 502/503/504 (auth-js names it AuthRetryableFetchError and its message is the Response as
  // JSON, "{}"), and never text that is no sentence at all.
  const answered =
    status !== undefined && status !== 0 && e.name !== 'AuthRetryableFetchError' && status < 500;
  const text = typeof e.message === 'string' ? e.message.trim() : '';
  const serverText = answered && /[A-Za-z]/.test(text) ? text : null;
  const result: Extract<AuthResult, { ok: false }> = { ok: false, message: serverText ?? fallback };
  if (reasons) result.reasons = reasons;
  return result;
}
