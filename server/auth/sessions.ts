import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { AuthError } from './http.ts';
import { signJwt } from './jwt.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

export interface SessionConfig {
  jwtSecret: string;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  issuer: string;
}

const newRefreshToken = () => randomBytes(18).toString('base64url');

async function accessToken(
  cfg: SessionConfig,
  user: UserRow,
  sessionId: string,
  method: string,
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = Math.floor(Date.now() / 1000) + cfg.jwtExpiry;
  const token = await signJwt(
    cfg.jwtSecret,
    {
      iss: cfg.issuer,
      aud: user.aud,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: user.role,
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    cfg.jwtExpiry,
  );
  return { token, expiresAt };
}

async function sessionResponse(
  db: pg.Pool,
  cfg: SessionConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: string,
) {
  const { token, expiresAt } = await accessToken(cfg, user, sessionId, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: cfg.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** Starts a new session for a user who just proved who they are. */
export async function issueSession(db: pg.Pool, cfg: SessionConfig, user: UserRow, method: string) {
  if (user.banned_until && user.banned_until.getTime() > Date.now())
    throw new AuthError(400, 'user_banned', 'User is banned');
  const session = (
    await db.query<{ id: string }>(
      'insert into auth.sessions (user_id, amr) values ($1, $2) returning id',
      [user.id, JSON.stringify([method])],
    )
  ).rows[0]!;
  const refresh = newRefreshToken();
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)',
    [refresh, user.id, session.id],
  );
  const signedIn =
    (
      await db.query<UserRow>(
        'update auth.users set last_sign_in_at = now() where id = $1 returning *',
        [user.id],
      )
    ).rows[0] ?? user;
  return sessionResponse(db, cfg, signedIn, session.id, refresh, method);
}

/**
 * Rotates a refresh token: the presented token is revoked and a child issued. Presenting an
 * already-rotated token again is treated as theft: the whole session is revoked.
 */
export async function refreshSession(db: pg.Pool, cfg: SessionConfig, presented: string) {
  const rotated = await rotate(db, presented);
  // Only after the connection is back in the pool: on PGlite the pool holds a single connection.
  const user = await findUserById(db, rotated.userId);
  if (!user)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  return sessionResponse(db, cfg, user, rotated.sessionId, rotated.next, 'token_refresh');
}

async function rotate(
  db: pg.Pool,
  presented: string,
): Promise<{ userId: string; sessionId: string; next: string }> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const row = (
      await client.query<{ id: string; user_id: string; revoked: boolean; session_id: string }>(
        'select id, user_id, revoked, session_id from auth.refresh_tokens where token = $1 for update',
        [presented],
      )
    ).rows[0];
    if (!row) {
      await client.query('rollback');
      throw new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    if (row.revoked) {
      await client.query('delete from auth.sessions where id = $1', [row.session_id]);
      await client.query('commit');
      throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const next = newRefreshToken();
    await client.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [row.id],
    );
    await client.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [next, row.user_id, row.session_id, presented],
    );
    await client.query('update auth.sessions set updated_at = now() where id = $1', [
      row.session_id,
    ]);
    await client.query('commit');
    return { userId: row.user_id, sessionId: row.session_id, next };
  } catch (err) {
    if (!(err instanceof AuthError)) await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function sessionExists(db: pg.Pool, sessionId: string | undefined): Promise<boolean> {
  if (!sessionId || !/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  return (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rowCount === 1;
}

export async function endSessions(
  db: pg.Pool,
  userId: string,
  sessionId: string,
  scope: string,
): Promise<void> {
  if (scope === 'global') await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'others')
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      sessionId,
    ]);
  else await db.query('delete from auth.sessions where id = $1', [sessionId]);
}
