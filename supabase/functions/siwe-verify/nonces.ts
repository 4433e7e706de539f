import { generateNonce } from 'siwe';
import { eq, type RestClient } from '../_shared/rest.ts';

/**
 * How long an issued nonce may be used: long enough to open a wallet and sign, no longer. It is
 * also how long its row lives: each issue first sweeps the expired ones (a replay of a used nonce
 * is told "already used" within this time, "unknown" after it — refused either way).
 */
const NONCE_TTL_MS = 5 * 60_000;

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
      // Sweeping on issue keeps the table to the nonces still usable, without a scheduler.
      await Promise.all([
        rest.request(
          'DELETE',
          `siwe_nonces?expires_at=lt.${encodeURIComponent(new Date(now).toISOString())}`,
          {
            prefer: ['return=minimal'],
          },
        ),
        rest.request('POST', 'siwe_nonces', {
          body: { nonce, expires_at: new Date(expiresAt).toISOString() },
          prefer: ['return=minimal'],
        }),
      ]);
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
