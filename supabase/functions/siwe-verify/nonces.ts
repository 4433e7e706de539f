import { generateNonce } from 'siwe';
import { eq, type RestClient } from '../_shared/rest.ts';

/** How long an issued nonce may be used: long enough to open a wallet and sign, no longer. */
const NONCE_TTL_MS = 5 * 60_000;
/** Used and expired nonces are kept this long (to say "already used" on a replay), then swept. */
const NONCE_RETENTION_MS = 24 * 60 * 60_000;

type ConsumeResult = 'ok' | 'unknown' | 'used' | 'expired';

export interface NonceStore {
  issue(now: number): Promise<{ nonce: string; expiresAt: number }>;
  /** Atomically marks the nonce used if it is unused and unexpired. */
  consume(nonce: string, now: number): Promise<ConsumeResult>;
}

/** Nonces in `public.siwe_nonces`, reached through PostgREST as the service role. */
export function createRestNonceStore(rest: RestClient): NonceStore {
  return {
    async issue(now) {
      const nonce = generateNonce();
      const expiresAt = now + NONCE_TTL_MS;
      await rest.request('POST', 'siwe_nonces', {
        body: { nonce, expires_at: new Date(expiresAt).toISOString() },
        prefer: ['return=minimal'],
      });
      // Sweeping on issue keeps the table small without a scheduler; a failure here is harmless.
      rest
        .request(
          'DELETE',
          `siwe_nonces?expires_at=lt.${encodeURIComponent(new Date(now - NONCE_RETENTION_MS).toISOString())}`,
        )
        .catch(() => undefined);
      return { nonce, expiresAt };
    },
    async consume(nonce, now) {
      const nowIso = encodeURIComponent(new Date(now).toISOString());
      // One conditional UPDATE: of two concurrent replays, exactly one sees the row.
      const claimed = await rest.request<unknown[]>(
        'PATCH',
        `siwe_nonces?nonce=${eq(nonce)}&used=is.false&expires_at=gt.${nowIso}`,
        {
          body: { used: true, used_at: new Date(now).toISOString() },
          prefer: ['return=representation'],
        },
      );
      if (claimed.length === 1) return 'ok';
      const rows = await rest.request<{ used: boolean }[]>(
        'GET',
        `siwe_nonces?nonce=${eq(nonce)}&select=used`,
      );
      const row = rows[0];
      if (!row) return 'unknown';
      return row.used ? 'used' : 'expired';
    },
  };
}
