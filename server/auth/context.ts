import type pg from 'pg';
import type { SiweConfig } from '../../supabase/functions/siwe-verify/checks.ts';
import type { AuthLimits } from './limits.ts';
import type { SessionConfig } from './sessions.ts';

export interface AuthConfig extends SessionConfig {
  /** The gateway's public origin, e.g. http://localhost:8787 (GoTrue's SITE_URL). */
  siteUrl: string;
  /** Extra allowed redirect targets (exact URLs or origins). */
  redirectAllowList: string[];
  /** OAuth providers served by the local test identity provider (none unless asked for: it vouches for anyone). */
  externalProviders: string[];
  /** Rate and attempt limits; unset ones take DEFAULT_AUTH_LIMITS. */
  limits?: Partial<AuthLimits>;
  /** Where a `grant_type=web3` message must be addressed (default: the site URL), as siwe-verify checks it. */
  siwe?: SiweConfig;
  /** Published in /settings as `anon_key` (local only: the app asks for it when not built with one). */
  anonKey?: string;
  /** Published in /settings as `vapid_public_key` when push alerts run (the Settings page's push toggle reads it). */
  vapidPublicKey?: string;
}

export interface AuthContext {
  db: pg.Pool;
  cfg: AuthConfig;
  log: (line: string) => void;
}

function isLoopback(host: string): boolean {
  return (
    host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')
  );
}

/** GoTrue's rule: redirect only to the site URL, the allow list, or (locally) a loopback host. */
function isAllowedRedirect(cfg: AuthConfig, target: string | undefined): boolean {
  if (!target) return false;
  let u: URL;
  try {
    u = new URL(target);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (isLoopback(u.hostname)) return true;
  if (u.origin === new URL(cfg.siteUrl).origin) return true;
  return cfg.redirectAllowList.some(
    (a) =>
      a === target || a === u.origin || (a.endsWith('/**') && target.startsWith(a.slice(0, -3))),
  );
}

export function redirectTarget(cfg: AuthConfig, requested: string | undefined): string {
  return requested && isAllowedRedirect(cfg, requested) ? requested : cfg.siteUrl;
}
