import { SiweMessage } from 'siwe';

/**
 * Pure Sign-In with Ethereum checks (EIP-4361 through `siwe` + ethers 6). Time is passed in.
 * The nonce's single use is enforced by the caller against the server store; here we only make
 * sure the message is well-formed, meant for us, current, and signed by the address it names.
 */

export interface SiweConfig {
  /** Expected `domain` (host[:port]) the message must be addressed to, e.g. `aurora.example`. */
  domain: string;
  /** Expected `URI`; the message's URI must have the same origin. */
  uri: string;
  /** How old `Issued At` may be (the nonce TTL bounds it too). */
  maxAgeMs: number;
  /** Clock skew tolerated for `Issued At` in the future. */
  clockSkewMs: number;
}

export interface VerifyRequest {
  message: string;
  signature: string;
  address: string;
  ensName: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

/** Errors a client shows verbatim (the client's rule: a failed sign-in shows the server's error text). */
export const SIWE_ERRORS = {
  badRequest: 'Request must be JSON with message, signature and address',
  malformed: 'Invalid SIWE message',
  badSignatureFormat: 'Signature must be a 65-byte hex string',
  addressMismatch: 'Address does not match the signed message',
  wrongDomain: 'Message is for a different domain',
  wrongUri: 'Message is for a different URI',
  wrongScheme: 'Message is for a different scheme',
  expired: 'Message has expired',
  notYetValid: 'Message is not valid yet',
  issuedInFuture: 'Message is issued in the future',
  badSignature: 'Signature does not match the address of the message',
  nonceUnknown: 'Unknown nonce; request a new one',
  nonceUsed: 'Nonce has already been used',
  nonceExpired: 'Nonce has expired; request a new one',
  tooManyAttempts:
    'Too many sign-in attempts from this network just now. Try again in a few minutes.',
} as const;

const MAX_MESSAGE_CHARS = 20_000;
const ENS_NAME = /^(?=.{3,255}$)([a-z0-9-_]+\.)+eth$/i;

function fail(status: number, error: string): { ok: false; status: number; error: string } {
  return { ok: false, status, error };
}

/** Shape check of the request body: message, signature, address, ensName. */
export function parseVerifyRequest(body: Record<string, unknown> | null): Checked<VerifyRequest> {
  if (!body) return fail(400, SIWE_ERRORS.badRequest);
  const { message, signature, address, ensName } = body;
  if (typeof message !== 'string' || typeof signature !== 'string' || typeof address !== 'string') {
    return fail(400, SIWE_ERRORS.badRequest);
  }
  if (message.length === 0 || message.length > MAX_MESSAGE_CHARS)
    return fail(400, SIWE_ERRORS.malformed);
  // ENS names are only echoed back (no resolver is reachable here); keep them to valid names.
  const ens = typeof ensName === 'string' && ENS_NAME.test(ensName) ? ensName.toLowerCase() : null;
  return {
    ok: true,
    value: { message, signature: signature.trim(), address: address.trim(), ensName: ens },
  };
}

export interface VerifiedMessage {
  /** EIP-55 checksummed address from the message. */
  address: string;
  nonce: string;
  /**
   * Any chain id signs in, 0 included: the signature is checked by ecrecover (an externally owned
   * account, no EIP-1271 contract call on some chain), so it proves the key whatever the chain, and
   * the account is found by address alone (`wallet_accounts`). The id is recorded, never trusted.
   */
  chainId: number;
  domain: string;
  uri: string;
  issuedAt: string | null;
}

function parseTime(value: string | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : NaN;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback names are interchangeable (the local stack is opened as localhost or 127.0.0.1); nothing else is. */
function canonicalHost(host: string): string {
  const m = /^(\[[^\]]+\]|[^:]+)(:\d+)?$/.exec(host.toLowerCase());
  if (!m) return host;
  return LOOPBACK_NAMES.has(m[1]!) ? `loopback${m[2] ?? ''}` : host.toLowerCase();
}

function originOf(uri: string): string | null {
  try {
    const url = new URL(uri);
    return `${url.protocol}//${canonicalHost(url.host)}`;
  } catch {
    return null;
  }
}

/** Every check except the nonce's single use. */
export async function checkSiweMessage(
  req: VerifyRequest,
  config: SiweConfig,
  now: number,
): Promise<Checked<VerifiedMessage>> {
  let msg: SiweMessage;
  try {
    msg = new SiweMessage(req.message);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return fail(400, `${SIWE_ERRORS.malformed}: ${detail.split('\n')[0]}`);
  }
  if (!/^0x[0-9a-fA-F]{130}$/.test(req.signature)) return fail(400, SIWE_ERRORS.badSignatureFormat);
  if (req.address.toLowerCase() !== msg.address.toLowerCase())
    return fail(401, SIWE_ERRORS.addressMismatch);
  if (canonicalHost(msg.domain) !== canonicalHost(config.domain))
    return fail(401, SIWE_ERRORS.wrongDomain);
  const expectedOrigin = originOf(config.uri);
  if (!expectedOrigin || originOf(msg.uri) !== expectedOrigin)
    return fail(401, SIWE_ERRORS.wrongUri);
  // EIP-4361's optional scheme before the domain ("https://aurora.app wants you to sign in…") names
  // the origin that asked for the signature: only the configured URI's scheme may, so a message
  // prepared for `evil://aurora.app` (a page or app on another scheme) does not sign in. Without
  // one (our app sends none) the URI line, checked above with its scheme, is what binds it.
  if (msg.scheme !== undefined && `${msg.scheme.toLowerCase()}:` !== new URL(config.uri).protocol)
    return fail(401, SIWE_ERRORS.wrongScheme);

  const expires = parseTime(msg.expirationTime);
  const notBefore = parseTime(msg.notBefore);
  const issued = parseTime(msg.issuedAt);
  if ([expires, notBefore, issued].some((t) => Number.isNaN(t)))
    return fail(400, `${SIWE_ERRORS.malformed}: bad time format`);
  if (expires !== null && now >= expires) return fail(401, SIWE_ERRORS.expired);
  if (notBefore !== null && now < notBefore) return fail(401, SIWE_ERRORS.notYetValid);
  if (issued !== null && issued > now + config.clockSkewMs)
    return fail(401, SIWE_ERRORS.issuedInFuture);
  // A message without an expiry still goes stale: its nonce lived only minutes.
  if (issued !== null && now - issued > config.maxAgeMs) return fail(401, SIWE_ERRORS.expired);

  const verdict = await msg.verify(
    // Domain and times were checked above (with loopback aliases); siwe checks the signature.
    { signature: req.signature, nonce: msg.nonce, time: new Date(now).toISOString() },
    { suppressExceptions: true },
  );
  if (!verdict.success) return fail(401, SIWE_ERRORS.badSignature);
  return {
    ok: true,
    value: {
      address: msg.address,
      nonce: msg.nonce,
      chainId: msg.chainId,
      domain: msg.domain,
      uri: msg.uri,
      issuedAt: msg.issuedAt ?? null,
    },
  };
}

/** The synthetic user of an Ethereum sign-in: lowercase address plus a fixed local suffix, provider ethereum. */
export const SYNTHETIC_EMAIL_SUFFIX = '@ethereum.local';

export function syntheticEmail(address: string): string {
  return `${address.toLowerCase()}${SYNTHETIC_EMAIL_SUFFIX}`;
}
