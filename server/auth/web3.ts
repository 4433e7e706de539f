import type pg from 'pg';
import { SiweMessage } from 'siwe';
import {
  SIWE_ERRORS,
  checkSiweMessage,
  type SiweConfig,
} from '../../supabase/functions/siwe-verify/checks.ts';
import { AuthError } from './http.ts';
import type { AuthConfig } from './context.ts';

// GoTrue's default window for a SIWE message's Issued At.
const MAX_VALIDITY_MS = 10 * 60 * 1000;

export interface VerifiedWeb3 {
  address: string;
  chainId: number;
  domain: string;
  statement?: string;
  uri: string;
  nonce: string;
}

/** The message must be addressed to the app itself: by default the site URL (the gateway serves the app). */
function web3SiweConfig(cfg: AuthConfig): SiweConfig {
  return (
    cfg.siwe ?? {
      domain: new URL(cfg.siteUrl).host,
      uri: cfg.siteUrl,
      maxAgeMs: MAX_VALIDITY_MS,
      clockSkewMs: 60_000,
    }
  );
}

/**
 * The `web3` grant for `chain: 'ethereum'`: a well-formed EIP-4361 message addressed to the
 * expected domain and URI, current, signed by the address it names — the checks siwe-verify makes
 * (its checks.ts). The nonce's single use is the caller's (`consumeWeb3Nonce`, after this).
 */
export async function verifyEthereumSignIn(
  cfg: AuthConfig,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<VerifiedWeb3> {
  const { chain, message, signature } = body;
  if (chain !== 'ethereum') throw new AuthError(400, 'validation_failed', 'Unsupported chain');
  if (typeof message !== 'string' || message.length < 64 || message.length > 20 * 1024)
    throw new AuthError(400, 'validation_failed', 'message must be a SIWE message');
  if (typeof signature !== 'string' || !/^(0x)?[0-9a-fA-F]{130}$/.test(signature))
    throw new AuthError(400, 'validation_failed', 'signature must be 65 bytes in hex');
  let msg: SiweMessage;
  try {
    msg = new SiweMessage(message);
  } catch (err) {
    throw new AuthError(
      400,
      'validation_failed',
      `Invalid SIWE message: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
  const checked = await checkSiweMessage(
    {
      message,
      signature: signature.startsWith('0x') ? signature : `0x${signature}`,
      address: msg.address,
      ensName: null,
    },
    web3SiweConfig(cfg),
    now.getTime(),
  );
  if (!checked.ok) {
    throw new AuthError(
      checked.status === 401 ? 403 : checked.status,
      checked.error === SIWE_ERRORS.badSignature ? 'invalid_credentials' : 'validation_failed',
      checked.error,
    );
  }
  return {
    address: checked.value.address,
    chainId: checked.value.chainId,
    domain: checked.value.domain,
    statement: msg.statement,
    uri: checked.value.uri,
    nonce: checked.value.nonce,
  };
}

/**
 * Marks a server-issued nonce (GET /functions/v1/siwe-verify/nonce, table public.siwe_nonces) used,
 * in one conditional UPDATE: of two concurrent replays exactly one gets through.
 */
export async function consumeWeb3Nonce(db: pg.Pool, nonce: string): Promise<void> {
  const claimed = await db.query(
    'update public.siwe_nonces set used = true, used_at = now() where nonce = $1 and not used and expires_at > now()',
    [nonce],
  );
  if (claimed.rowCount === 1) return;
  const row = (
    await db.query<{ used: boolean }>('select used from public.siwe_nonces where nonce = $1', [
      nonce,
    ])
  ).rows[0];
  throw new AuthError(
    403,
    'validation_failed',
    !row ? SIWE_ERRORS.nonceUnknown : row.used ? SIWE_ERRORS.nonceUsed : SIWE_ERRORS.nonceExpired,
  );
}
