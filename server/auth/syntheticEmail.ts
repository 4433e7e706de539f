import { SYNTHETIC_EMAIL_SUFFIX } from '../../supabase/functions/siwe-verify/checks.ts';
import { AuthError } from './http.ts';

const DOMAIN = SYNTHETIC_EMAIL_SUFFIX.slice(1);

const SYNTHETIC_EMAIL_MESSAGE = `Addresses at ${DOMAIN} belong to Ethereum wallet accounts and cannot be used here. Sign in with your wallet instead.`;

/**
 * Whether an address is in the domain siwe-verify gives wallet accounts (or a subdomain of it),
 * whatever its case, surrounding spaces or trailing dot.
 */
function isSyntheticEmail(email: string | undefined | null): boolean {
  if (!email) return false;
  const domain = email.trim().toLowerCase().split('@').pop()?.replace(/\.+$/, '') ?? '';
  return email.includes('@') && (domain === DOMAIN || domain.endsWith(`.${DOMAIN}`));
}

/**
 * Wallet accounts are reached by a verified signature only: no sign-up, password, emailed link,
 * code or email change may name one of their addresses (issue 11: an account registered at
 * `<address>@ethereum.local` before the wallet's first sign-in used to receive that wallet).
 */
export function refuseSyntheticEmail(email: string | undefined | null): void {
  if (isSyntheticEmail(email))
    throw new AuthError(400, 'email_address_invalid', SYNTHETIC_EMAIL_MESSAGE);
}
