import { MSG, type AuthResult } from './authMessages.ts';
import type { EthereumSession } from './ethereumSession.ts';

/**
 * "Sign in with Ethereum": ask the wallet (EIP-1193 `window.ethereum`) for an
 * account, get a single-use nonce from the backend, build the EIP-4361 message (the format `siwe` produces), have
 * the wallet sign it (`personal_sign`), and POST it to the siwe-verify function.
 *
 * The message text and address checksum live in siweMessage.ts, imported dynamically only when
 * the button is pressed — never in the initial bundle.
 */

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The siwe-verify response (success, error, sessionToken, address, userId, ensName, profile), plus the tokens of the session the backend opened. */
interface SiweVerifyResponse {
  success?: boolean;
  error?: string;
  sessionToken?: string;
  refreshToken?: string;
  address?: string;
  userId?: string;
  ensName?: string | null;
  profile?: { full_name?: string | null; avatar_url?: string | null } | null;
  session?: { access_token?: string; refresh_token?: string } | null;
}

export interface EthereumSignInDeps {
  ethereum: Eip1193Provider | null | undefined;
  /** GET the nonce; resolves the nonce string. */
  fetchNonce(): Promise<string>;
  /** POST to siwe-verify; resolves the HTTP status and parsed body. */
  verify(body: {
    message: string;
    signature: string;
    address: string;
    ensName: string | null;
  }): Promise<{ ok: boolean; body: SiweVerifyResponse | null }>;
  /** The page's host and origin: the message's domain and URI, which the server checks. */
  domain: string;
  origin: string;
  now(): number;
}

export type EthereumSignInResult =
  | {
      ok: true;
      session: EthereumSession;
      accessToken: string;
      refreshToken: string | null;
      profile: SiweVerifyResponse['profile'];
    }
  | Extract<AuthResult, { ok: false }>;

/** Messages are valid for this long: long enough to read the wallet prompt, short enough to not be replayable later. */
const MESSAGE_TTL_MS = 10 * 60_000;

export const SIWE_STATEMENT = 'Sign in to Aurora with your Ethereum account.';

function toHexUtf8(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Builds the EIP-4361 message text for `address` (checksummed: the server's siwe rejects non-EIP-55 addresses). */
export async function buildSiweMessage(p: {
  address: string;
  chainId: number;
  nonce: string;
  domain: string;
  origin: string;
  now: number;
}): Promise<{ message: string; address: string }> {
  const { checksumAddress, formatSiweMessage } = await import('./siweMessage.ts');
  const address = checksumAddress(p.address);
  const message = formatSiweMessage({
    domain: p.domain,
    address,
    statement: SIWE_STATEMENT,
    uri: p.origin,
    chainId: p.chainId,
    nonce: p.nonce,
    issuedAt: new Date(p.now).toISOString(),
    expirationTime: new Date(p.now + MESSAGE_TTL_MS).toISOString(),
  });
  return { message, address };
}

export async function signInWithEthereumWallet(
  deps: EthereumSignInDeps,
): Promise<EthereumSignInResult> {
  const wallet = deps.ethereum;
  if (!wallet || typeof wallet.request !== 'function') return { ok: false, message: MSG.noWallet };
  let address: string;
  let signature: string;
  let message: string;
  try {
    const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as unknown;
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof first !== 'string') return { ok: false, message: MSG.ethereumFailed };
    const chainHex = await wallet.request({ method: 'eth_chainId' }).catch(() => '0x1');
    const chainId = typeof chainHex === 'string' ? Number.parseInt(chainHex, 16) || 1 : 1;
    const nonce = await deps.fetchNonce();
    ({ message, address } = await buildSiweMessage({
      address: first,
      chainId,
      nonce,
      domain: deps.domain,
      origin: deps.origin,
      now: deps.now(),
    }));
    const signed = await wallet.request({
      method: 'personal_sign',
      params: [toHexUtf8(message), address],
    });
    if (typeof signed !== 'string') return { ok: false, message: MSG.ethereumFailed };
    signature = signed;
  } catch (err) {
    // The wallet's own words are the clearest ("User rejected the request."), when it gives some.
    const text =
      err && typeof err === 'object' && 'message' in err && typeof err.message === 'string'
        ? err.message
        : '';
    return { ok: false, message: text ? `${MSG.ethereumFailed}: ${text}` : MSG.ethereumFailed };
  }

  let res: { ok: boolean; body: SiweVerifyResponse | null };
  try {
    res = await deps.verify({ message, signature, address, ensName: null });
  } catch {
    return { ok: false, message: MSG.ethereumFailed };
  }
  const body = res.body;
  // Not ok, or success false → the server's error text, or "Failed to verify signature".
  if (!res.ok || !body?.success)
    return { ok: false, message: body?.error?.trim() || MSG.verifyFailed };
  const accessToken = body.session?.access_token ?? body.sessionToken;
  const userId = body.userId;
  if (!accessToken || !userId) return { ok: false, message: MSG.verifyFailed };
  return {
    ok: true,
    accessToken,
    refreshToken: body.session?.refresh_token ?? body.refreshToken ?? null,
    profile: body.profile ?? null,
    session: {
      token: accessToken,
      // The checksummed address signed for (EIP-55): the server keys wallets by the lowercase form.
      address,
      userId,
      ensName: body.ensName ?? null,
    },
  };
}

/** The nonce endpoint: `siwe-verify/nonce`, with the older `siwe-nonce` path as a fallback. */
export async function fetchNonce(
  fetchFn: typeof fetch,
  base: string,
  headers: Record<string, string>,
): Promise<string> {
  for (const path of ['siwe-verify/nonce', 'siwe-nonce']) {
    const res = await fetchFn(`${base}/${path}`, {
      headers: { ...headers, accept: 'application/json' },
    });
    if (res.status === 404) continue;
    if (!res.ok) throw new Error(`Nonce request failed (${res.status})`);
    const body = (await res.json()) as { nonce?: unknown };
    if (typeof body.nonce === 'string' && body.nonce) return body.nonce;
    throw new Error('Nonce missing in response');
  }
  throw new Error('Nonce endpoint not found');
}
