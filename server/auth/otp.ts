import { randomBytes, randomInt } from 'node:crypto';
import { AuthError, str } from './http.ts';
import { redirectTarget, type AuthContext } from './context.ts';
import { issueSession } from './sessions.ts';
import { DEFAULT_AUTH_LIMITS } from './limits.ts';
import { giveAddressToItsOwner, holdsUnprovenAddress } from './unprovenAddress.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.ts';

const DEFAULT_CODE_ATTEMPTS = DEFAULT_AUTH_LIMITS.codeAttempts;

// GoTrue's default: email links and codes are good for one hour.
const OTP_TTL_MS = 60 * 60 * 1000;

export interface OneTimeToken {
  hashedToken: string;
  otp: string;
  actionLink: string;
}

/** Mints a single-use token for a magic link, recovery, sign-up confirmation or invite. */
export async function mintToken(
  ctx: AuthContext,
  user: UserRow,
  type: string,
  redirectTo?: string,
): Promise<OneTimeToken> {
  const hashedToken = randomBytes(28).toString('hex');
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const kind =
    type === 'signup' || type === 'invite' ? type : type === 'recovery' ? 'recovery' : 'magiclink';
  await ctx.db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    user.id,
    kind,
  ]);
  await ctx.db.query(
    'insert into auth.one_time_tokens (user_id, token_type, token_hash, otp) values ($1, $2, $3, $4)',
    [user.id, kind, hashedToken, otp],
  );
  const link = new URL(`${ctx.cfg.siteUrl}/auth/v1/verify`);
  link.searchParams.set('token', hashedToken);
  link.searchParams.set('type', kind);
  link.searchParams.set('redirect_to', redirectTarget(ctx.cfg, redirectTo));
  return { hashedToken, otp, actionLink: link.toString() };
}

const TYPES: Record<string, string[]> = {
  magiclink: ['magiclink', 'signup', 'invite'],
  email: ['magiclink', 'signup', 'invite'],
  signup: ['signup', 'magiclink'],
  invite: ['invite'],
  recovery: ['recovery'],
};

/** Consumes a token (by hash, or by email + 6-digit code) and returns its user. */
async function consumeToken(
  ctx: AuthContext,
  body: Record<string, unknown>,
  codeAttempts = DEFAULT_CODE_ATTEMPTS,
): Promise<{ user: UserRow; type: string }> {
  const type = str(body.type) ?? '';
  const kinds = TYPES[type];
  if (!kinds) throw new AuthError(400, 'validation_failed', `Verify requires a verification type`);
  const tokenHash = str(body.token_hash);
  const email = str(body.email);
  const code = str(body.token);
  let row: { user_id: string; created_at: Date } | undefined;
  if (tokenHash) {
    row = (
      await ctx.db.query(
        'delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2) returning user_id, created_at',
        [tokenHash, kinds],
      )
    ).rows[0];
  } else if (email && code) {
    const u = await findUserByEmail(ctx.db, email);
    if (u) {
      row = (
        await ctx.db.query(
          'delete from auth.one_time_tokens where user_id = $1 and otp = $2 and token_type = any($3) and attempts < $4 returning user_id, created_at',
          [u.id, code, kinds, codeAttempts],
        )
      ).rows[0];
      if (!row) {
        // A wrong code costs the user's open codes one attempt each; out of attempts, the 6 digits
        // are refused, so guessing among a million codes gets a handful of tries per letter sent.
        // The token itself stays for its link (56 hex characters: not guessable), so wrong codes
        // from anyone never make the owner's letter useless.
        await ctx.db.query(
          'update auth.one_time_tokens set attempts = attempts + 1 where user_id = $1 and token_type = any($2) and attempts < $3',
          [u.id, kinds, codeAttempts],
        );
      }
    }
  } else {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
  }
  if (!row || Date.now() - row.created_at.getTime() > OTP_TTL_MS)
    throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  // The letter went to the address: whoever opened it owns it, and shares nothing with a test-IdP
  // user who only typed it (unprovenAddress.ts).
  if (user.email && (await holdsUnprovenAddress(ctx.db, user)))
    return { user: await giveAddressToItsOwner(ctx.db, user), type };
  if (!user.email_confirmed_at)
    await ctx.db.query('update auth.users set email_confirmed_at = now() where id = $1', [user.id]);
  return { user, type };
}

/** POST /verify: the token becomes a session. */
export async function verifyPost(
  ctx: AuthContext,
  body: Record<string, unknown>,
  codeAttempts = DEFAULT_CODE_ATTEMPTS,
) {
  const { user, type } = await consumeToken(ctx, body, codeAttempts);
  return issueSession(ctx.db, ctx.cfg, user, type === 'recovery' ? 'recovery' : 'otp');
}

/** GET /verify (the emailed link): the token becomes a session in the redirect's fragment. */
export async function verifyGet(ctx: AuthContext, url: URL): Promise<Response> {
  const type = url.searchParams.get('type') ?? '';
  const target = new URL(redirectTarget(ctx.cfg, url.searchParams.get('redirect_to') ?? undefined));
  try {
    const { user } = await consumeToken(ctx, {
      type,
      token_hash: url.searchParams.get('token') ?? '',
    });
    const s = await issueSession(ctx.db, ctx.cfg, user, type === 'recovery' ? 'recovery' : 'otp');
    target.hash = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type,
    }).toString();
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    target.hash = new URLSearchParams({
      error: 'access_denied',
      error_code: err.errorCode,
      error_description: err.message,
    }).toString();
  }
  return new Response(null, { status: 303, headers: { Location: target.toString() } });
}
