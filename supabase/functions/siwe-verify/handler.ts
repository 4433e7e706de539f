import { getEnv, memoByEnv } from '../_shared/env.ts';
import { json, methodNotAllowed, preflight, readJsonObject, subPath } from '../_shared/http.ts';
import {
  SIWE_NONCE_LIMIT,
  SIWE_VERIFY_LIMIT,
  callerAddress,
  createRestRateLimiter,
  tooManyRequests,
  type RateLimiter,
  type RateRule,
} from '../_shared/rateLimit.ts';
import { createRestClient, restConfigFromEnv, type RestClient } from '../_shared/rest.ts';
import { SIWE_ERRORS, checkSiweMessage, parseVerifyRequest, type SiweConfig } from './checks.ts';
import { createRestNonceStore, type NonceStore } from './nonces.ts';
import { createAuthSessionMinter, ensureProfile, type SessionMinter } from './session.ts';

export interface SiweDeps {
  config: SiweConfig;
  nonces: NonceStore;
  minter: SessionMinter;
  /** For the profile row; null skips it (unit tests without a database). */
  rest: RestClient | null;
  /** Per-address limits of nonces and verifications; absent = none (unit tests without a database). */
  limiter?: RateLimiter;
  now: () => number;
}

/** Last resort: `npm start`'s default origin. */
const DEFAULT_URI = 'http://localhost:8787';

/**
 * Deployments set SIWE_DOMAIN and SIWE_URI (the app's host and origin). Locally the app is served by
 * the gateway itself, so SUPABASE_URL is the app's origin too.
 */
function siweConfigFromEnv(): SiweConfig {
  const uri = getEnv('SIWE_URI') || getEnv('SITE_URL') || getEnv('SUPABASE_URL') || DEFAULT_URI;
  return {
    domain: getEnv('SIWE_DOMAIN') || new URL(uri).host,
    uri,
    maxAgeMs: 10 * 60_000,
    clockSkewMs: 60_000,
  };
}

function depsFromEnv(): SiweDeps {
  const restConfig = restConfigFromEnv();
  const anonKey = getEnv('SUPABASE_ANON_KEY');
  if (!restConfig || !anonKey)
    throw new Error(
      'siwe-verify needs SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY',
    );
  const rest = createRestClient(restConfig);
  return {
    config: siweConfigFromEnv(),
    nonces: createRestNonceStore(rest),
    minter: createAuthSessionMinter({
      url: restConfig.url,
      anonKey,
      serviceRoleKey: restConfig.serviceRoleKey,
      rest,
    }),
    rest,
    limiter: createRestRateLimiter(rest),
    now: () => Date.now(),
  };
}

/** A 429 answer when the caller's address has no token left for `rule`, else null. */
async function overLimit(deps: SiweDeps, rule: RateRule, req: Request): Promise<Response | null> {
  if (!deps.limiter) return null;
  const taken = await deps.limiter.take(rule, callerAddress(req));
  if (taken.ok) return null;
  return tooManyRequests(taken.retryAfterSeconds, SIWE_ERRORS.tooManyAttempts, { success: false });
}

function failure(status: number, error: string): Response {
  return json({ success: false, error }, { status });
}

const NONCE_ERRORS = {
  unknown: SIWE_ERRORS.nonceUnknown,
  used: SIWE_ERRORS.nonceUsed,
  expired: SIWE_ERRORS.nonceExpired,
} as const;

/**
 * POST /siwe-verify {message, signature, address, ensName} → {success, error, sessionToken, address, userId, ensName, profile}.
 * GET|POST /siwe-verify/nonce → {nonce, expiresAt, domain, uri}: a fresh single-use nonce.
 */
export function createSiweHandler(getDeps: () => SiweDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    const [sub] = subPath(req.url, 'siwe-verify');
    let deps: SiweDeps;
    try {
      deps = getDeps();
    } catch (e) {
      return failure(500, e instanceof Error ? e.message : String(e));
    }

    if (sub === 'nonce') {
      if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
      try {
        const limited = await overLimit(deps, SIWE_NONCE_LIMIT, req);
        if (limited) return limited;
        const { nonce, expiresAt } = await deps.nonces.issue(deps.now());
        return json({
          nonce,
          expiresAt: new Date(expiresAt).toISOString(),
          domain: deps.config.domain,
          uri: deps.config.uri,
        });
      } catch (e) {
        return failure(
          500,
          `Could not issue a nonce: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
    if (sub !== undefined)
      return failure(404, 'Unknown path; POST /siwe-verify or GET /siwe-verify/nonce');
    if (req.method !== 'POST') return methodNotAllowed(['POST']);

    // Every attempt counts, before any work: a first sign-in creates an account, so this is the
    // sign-up limit Auth applies to its own sign-ups (the admin API this function uses has none).
    try {
      const limited = await overLimit(deps, SIWE_VERIFY_LIMIT, req);
      if (limited) return limited;
    } catch (e) {
      return failure(500, e instanceof Error ? e.message : String(e));
    }
    const parsed = parseVerifyRequest(await readJsonObject(req));
    if (!parsed.ok) return failure(parsed.status, parsed.error);
    const checked = await checkSiweMessage(parsed.value, deps.config, deps.now());
    if (!checked.ok) return failure(checked.status, checked.error);

    try {
      // Consumed only after the signature checks out, so garbage can't burn someone's nonce.
      const consumed = await deps.nonces.consume(checked.value.nonce, deps.now());
      if (consumed !== 'ok') return failure(401, NONCE_ERRORS[consumed]);

      const minted = await deps.minter.mint(checked.value.address, parsed.value.ensName);
      let profile: Record<string, unknown> | null = null;
      if (deps.rest) {
        try {
          profile = await ensureProfile(deps.rest, minted.userId);
        } catch (e) {
          // The session is valid without the profile row; the app creates it on first save.
          console.error(
            `siwe-verify: profile for ${minted.userId} not created: ${e instanceof Error ? e.message : String(e)}`,
          );
        }
      }
      return json({
        success: true,
        error: null,
        sessionToken: minted.session.access_token,
        address: checked.value.address,
        userId: minted.userId,
        ensName: parsed.value.ensName,
        profile,
        session: minted.session,
      });
    } catch (e) {
      return failure(500, e instanceof Error ? e.message : String(e));
    }
  };
}

const ENV = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SIWE_DOMAIN',
  'SIWE_URI',
  'SITE_URL',
] as const;

export default createSiweHandler(memoByEnv(ENV, depsFromEnv));
