import { SiweMessage } from 'siwe';
import { AuthError } from './http.ts';
import { isAllowedRedirect, type AuthConfig } from './context.ts';

// GoTrue's default window for a SIWE message's Issued At.
const MAX_VALIDITY_MS = 10 * 60 * 1000;

export interface VerifiedWeb3 {
  address: string;
  chainId: number;
  domain: string;
  statement?: string;
  uri: string;
}

/**
 * The `web3` grant for `chain: 'ethereum'`, with GoTrue's rules: a well-formed EIP-4361 message
 * whose URI is https or loopback and allowed as a redirect, whose domain is the URI's host,
 * inside its validity window, signed by the address it names.
 */
export async function verifyEthereumSignIn(cfg: AuthConfig, body: Record<string, unknown>, now = new Date()): Promise<VerifiedWeb3> {
  const { chain, message, signature } = body;
  if (chain !== 'ethereum') throw new AuthError(400, 'validation_failed', 'Unsupported chain');
  if (typeof message !== 'string' || message.length < 64 || message.length > 20 * 1024) throw new AuthError(400, 'validation_failed', 'message must be a SIWE message');
  if (typeof signature !== 'string' || !/^(0x)?[0-9a-fA-F]{130}$/.test(signature)) throw new AuthError(400, 'validation_failed', 'signature must be 65 bytes in hex');
  let msg: SiweMessage;
  try {
    msg = new SiweMessage(message);
  } catch (err) {
    throw new AuthError(400, 'validation_failed', `Invalid SIWE message: ${err instanceof Error ? err.message : String(err)}`);
  }
  let uri: URL;
  try {
    uri = new URL(msg.uri);
  } catch {
    throw new AuthError(400, 'validation_failed', 'SIWE message URI is not a URL');
  }
  const loopback = uri.hostname === 'localhost' || uri.hostname === '127.0.0.1';
  if (uri.protocol !== 'https:' && !loopback) throw new AuthError(400, 'validation_failed', 'SIWE message URI must be https');
  if (!isAllowedRedirect(cfg, msg.uri)) throw new AuthError(403, 'validation_failed', 'SIWE message URI is not allowed');
  if (!loopback && msg.domain !== uri.host) throw new AuthError(400, 'validation_failed', 'SIWE message domain does not match its URI');
  const issuedAt = msg.issuedAt ? Date.parse(msg.issuedAt) : NaN;
  if (!Number.isFinite(issuedAt) || Math.abs(now.getTime() - issuedAt) > MAX_VALIDITY_MS) {
    throw new AuthError(403, 'validation_failed', 'SIWE message was issued too far in the past or future');
  }
  const result = await msg.verify({ signature, domain: msg.domain, time: now.toISOString() }, { suppressExceptions: true });
  if (!result.success) {
    const type = result.error?.type ?? 'Signature verification failed';
    throw new AuthError(403, 'invalid_credentials', `Signature verification failed: ${type}`);
  }
  return { address: msg.address, chainId: msg.chainId, domain: msg.domain, statement: msg.statement, uri: msg.uri };
}
