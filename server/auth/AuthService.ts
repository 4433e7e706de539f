import { BodyTooLargeError } from '../bodyLimit.ts';
import { failureLogger } from '../failureLog.ts';
import { handleAdmin } from './admin.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errorResponse, json, obj, readJson, str } from './http.ts';
import { verifyJwt, type AccessClaims } from './jwt.ts';
import { accountAtIp, AuthRateLimits } from './limits.ts';
import { authorize, authorizeLink, exchangePkce, testIdpCallback, testIdpPage } from './oauth.ts';
import { MailOutbox } from './mailOutbox.ts';
import { mintToken, verifyGet, verifyPost } from './otp.ts';
import { assertPasswordLength, hashPassword, verifyPassword } from './passwords.ts';
import { endSessions, issueSession, refreshSession, sessionExists } from './sessions.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  userJson,
  type UserRow,
} from './users.ts';
import { refuseSyntheticEmail } from './syntheticEmail.ts';
import { checkMetadata, lookupKey, validEmail } from './validate.ts';
import { walletUser } from './walletIdentity.ts';
import { consumeWeb3Nonce, verifyEthereumSignIn } from './web3.ts';
import { checkPassword } from './weakPassword.ts';

const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/** Postgres "data exception" (class 22): input the database cannot hold, e.g. a NUL in text. */
const isBadInput = (err: unknown) =>
  typeof (err as { code?: unknown }).code === 'string' &&
  (err as { code: string }).code.startsWith('22');

function assertStrong(password: string): void {
  assertPasswordLength(password);
  const weak = checkPassword(password);
  if (weak.reasons.length)
    throw new AuthError(422, 'weak_password', weak.message, {
      weak_password: { reasons: weak.reasons },
    });
}

/**
 * The GoTrue subset supabase-js uses, as a Web-standard handler mounted at /auth/v1.
 * Users, identities, sessions and refresh tokens live in the `auth` schema, as on hosted Supabase.
 */
export class AuthService {
  /** Emailed links (recovery, magic link, confirmation): the local stack has no mail server. */
  readonly outbox = new MailOutbox();
  private readonly limits: AuthRateLimits;
  private readonly logFailure: (context: string, err: unknown) => void;

  constructor(private readonly ctx: AuthContext) {
    this.limits = new AuthRateLimits(ctx.cfg.limits);
    this.logFailure = failureLogger(ctx.log);
  }

  /** `clientIp` keys the per-IP limits: the gateway passes the peer's address (headers could be forged). */
  async handle(req: Request, clientIp = 'unknown'): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/auth\/v1/, '').replace(/\/+$/, '') || '/';
    try {
      return await this.route(req, url, path, clientIp);
    } catch (err) {
      if (err instanceof AuthError) return errorResponse(err);
      if (err instanceof BodyTooLargeError)
        return errorResponse(new AuthError(413, 'request_too_large', err.message));
      if (isBadInput(err))
        return errorResponse(
          new AuthError(400, 'validation_failed', `Invalid input: ${(err as Error).message}`),
        );
      this.logFailure(`auth: ${req.method} ${path.slice(0, 200)} failed`, err);
      return json(
        {
          code: 500,
          error_code: 'unexpected_failure',
          msg: 'Unexpected failure, please check server logs for more information',
        },
        500,
      );
    }
  }

  private async bearer(req: Request): Promise<AccessClaims> {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    const claims = token ? await verifyJwt(this.ctx.cfg.jwtSecret, token) : null;
    if (!claims)
      throw new AuthError(
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token is malformed or expired',
      );
    return claims;
  }

  private async currentUser(req: Request): Promise<{ claims: AccessClaims; user: UserRow }> {
    const claims = await this.bearer(req);
    if (!claims.sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!(await sessionExists(this.ctx.db, claims.session_id)))
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    const user = await findUserById(this.ctx.db, claims.sub);
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user };
  }

  private async route(req: Request, url: URL, path: string, ip: string): Promise<Response> {
    const { ctx, limits } = this;
    const m = req.method;
    if (m === 'GET' && path === '/health')
      return json({
        version: 'local',
        name: 'GoTrue (Aurora local gateway)',
        description: 'GoTrue subset',
      });
    if (m === 'GET' && path === '/settings') {
      const external: Record<string, boolean> = { email: true, phone: true, web3: true };
      for (const p of ctx.cfg.externalProviders) external[p] = true;
      const vapid = ctx.cfg.vapidPublicKey ? { vapid_public_key: ctx.cfg.vapidPublicKey } : {};
      return json({
        external,
        anon_key: ctx.cfg.anonKey,
        ...vapid,
        disable_signup: false,
        mailer_autoconfirm: true,
        phone_autoconfirm: true,
        sms_provider: '',
        saml_enabled: false,
      });
    }
    // HS256 projects publish no public keys; auth-js getClaims() then verifies through GET /user.
    if (m === 'GET' && path === '/.well-known/jwks.json') return json({ keys: [] });
    if (m === 'GET' && path === '/authorize') return authorize(ctx, url);
    if (m === 'GET' && path === '/test-idp/authorize') return testIdpPage(ctx, url);
    if (m === 'POST' && path === '/test-idp/callback') {
      limits.take('signInPerIp', ip);
      return testIdpCallback(ctx, req);
    }
    if (m === 'GET' && path === '/verify') return verifyGet(ctx, url);

    const body = m === 'GET' || m === 'HEAD' || m === 'DELETE' ? {} : await readJson(req);
    if (path.startsWith('/admin/')) {
      const claims = await this.bearer(req);
      if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
      return handleAdmin(ctx, req, path, body);
    }
    if (m === 'POST' && path === '/signup') {
      limits.take('signInPerIp', ip);
      return json(await this.signUp(body));
    }
    if (m === 'POST' && path === '/token')
      return json(await this.token(url.searchParams.get('grant_type') ?? '', body, ip));
    if (m === 'POST' && path === '/verify') {
      // A 6-digit code can be guessed, a 56-character token hash cannot: only codes are limited.
      const email = str(body.email);
      refuseSyntheticEmail(email);
      const account = email && !str(body.token_hash) ? lookupKey(email).toLowerCase() : null;
      const tries = account ? accountAtIp(account, ip) : null;
      if (tries) {
        limits.take('verifyPerIp', ip);
        limits.take('triesPerAccountIp', tries);
      }
      const session = await verifyPost(ctx, body, limits.limits.codeAttempts);
      if (tries) limits.giveBack('triesPerAccountIp', tries);
      return json(session);
    }
    if (m === 'POST' && (path === '/recover' || path === '/otp' || path === '/magiclink')) {
      limits.take('emailPerIp', ip);
      return json(await this.sendLink(path, body, url));
    }
    if (path === '/user' && m === 'GET') {
      const { user } = await this.currentUser(req);
      return json(await userJson(ctx.db, user));
    }
    if (path === '/user' && m === 'PUT') {
      const { user } = await this.currentUser(req);
      return json(await userJson(ctx.db, await this.updateUser(user, body)));
    }
    if (path === '/logout' && m === 'POST') {
      const claims = await this.bearer(req);
      if (claims.sub && claims.session_id)
        await endSessions(
          ctx.db,
          claims.sub,
          claims.session_id,
          url.searchParams.get('scope') ?? 'global',
        );
      return json(null, 204);
    }
    if (path === '/user/identities/authorize' && m === 'GET') {
      const { user } = await this.currentUser(req);
      return authorizeLink(ctx, url, user.id);
    }
    const unlink = /^\/user\/identities\/([0-9a-f-]{36})$/i.exec(path);
    if (unlink && m === 'DELETE') {
      const { user } = await this.currentUser(req);
      await this.unlinkIdentity(user, unlink[1]!);
      return json({});
    }
    if (path === '/resend' && m === 'POST') {
      limits.take('emailPerIp', ip);
      const email = str(body.email) === undefined ? undefined : validEmail(str(body.email)!);
      refuseSyntheticEmail(email);
      if (email) limits.take('sendsPerAccount', email);
      const user = email ? await findUserByEmail(ctx.db, email) : null;
      if (user) {
        const kind = str(body.type) === 'signup' ? 'signup' : 'magiclink';
        const t = await mintToken(
          ctx,
          user,
          kind,
          str(url.searchParams.get('redirect_to')) ?? str(obj(body.options).emailRedirectTo),
        );
        this.outbox.send({ to: email!, kind, link: t.actionLink, code: t.otp });
      }
      return json({});
    }
    if (path === '/invite' && m === 'POST') {
      const claims = await this.bearer(req);
      if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed');
      return handleAdmin(ctx, req, '/admin/generate_link', { ...body, type: 'invite' });
    }
    if (path === '/reauthenticate' && m === 'GET') {
      await this.currentUser(req);
      return json({});
    }
    throw new AuthError(
      404,
      'not_found',
      `${m} ${path} is not implemented by the local auth server`,
    );
  }

  private async signUp(body: Record<string, unknown>) {
    const rawEmail = str(body.email);
    const phone = str(body.phone) === undefined ? undefined : lookupKey(str(body.phone)!);
    const password = str(body.password);
    if ((!rawEmail && !phone) || !password)
      throw new AuthError(400, 'validation_failed', MISSING_CREDENTIALS);
    const email = rawEmail === undefined ? undefined : validEmail(rawEmail);
    refuseSyntheticEmail(email);
    assertStrong(password);
    checkMetadata(obj(body.data));
    const existing = email
      ? await findUserByEmail(this.ctx.db, email)
      : await findUserByPhone(this.ctx.db, phone!);
    if (existing) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const user = await createUser(this.ctx.db, {
      email,
      phone,
      passwordHash: await hashPassword(password),
      userMetadata: obj(body.data),
      provider: email ? 'email' : 'phone',
      providerId: '',
    });
    // Local stack: sign-ups are confirmed at once (GoTrue's mailer_autoconfirm), so a session comes back.
    return issueSession(this.ctx.db, this.ctx.cfg, user, 'password');
  }

  private async token(grant: string, body: Record<string, unknown>, ip: string) {
    const { ctx, limits } = this;
    switch (grant) {
      case 'password': {
        limits.take('signInPerIp', ip);
        const email = str(body.email) === undefined ? undefined : lookupKey(str(body.email)!);
        const phone = str(body.phone) === undefined ? undefined : lookupKey(str(body.phone)!);
        const password = str(body.password);
        if ((!email && !phone) || !password)
          throw new AuthError(400, 'validation_failed', MISSING_CREDENTIALS);
        refuseSyntheticEmail(email);
        // Per account and address, whether or not the account exists (the answer must not tell):
        // this address's guesses at this account are slowed; the owner elsewhere is not.
        const tries = accountAtIp(email ? email.toLowerCase() : phone!, ip);
        limits.take('triesPerAccountIp', tries);
        const user = email
          ? await findUserByEmail(ctx.db, email)
          : await findUserByPhone(ctx.db, phone!);
        const ok = await verifyPassword(password, user?.encrypted_password ?? null);
        if (!user || !ok)
          throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
        limits.giveBack('triesPerAccountIp', tries);
        return issueSession(ctx.db, ctx.cfg, user, 'password');
      }
      case 'refresh_token': {
        limits.take('refreshPerIp', ip);
        const token = str(body.refresh_token);
        if (!token) throw new AuthError(400, 'validation_failed', 'refresh_token required');
        return refreshSession(ctx.db, ctx.cfg, token);
      }
      case 'pkce':
        return exchangePkce(ctx, body);
      case 'web3': {
        limits.take('signInPerIp', ip);
        const v = await verifyEthereumSignIn(ctx.cfg, body);
        // Single use, after the signature checks out (so garbage cannot burn someone's nonce).
        await consumeWeb3Nonce(ctx.db, v.nonce);
        // The account of the verified address (shared with siwe-verify), never found by email.
        return issueSession(ctx.db, ctx.cfg, await walletUser(ctx, v), 'web3');
      }
      default:
        throw new AuthError(
          400,
          'unsupported_grant_type',
          `unsupported_grant_type: ${grant || '(none)'}`,
        );
    }
  }

  private async updateUser(user: UserRow, body: Record<string, unknown>): Promise<UserRow> {
    const password = str(body.password);
    if (password !== undefined) assertStrong(password);
    const email = str(body.email) === undefined ? undefined : validEmail(str(body.email)!);
    refuseSyntheticEmail(email);
    checkMetadata({ ...user.raw_user_meta_data, ...obj(body.data) });
    if (
      email &&
      email !== user.email?.toLowerCase() &&
      (await findUserByEmail(this.ctx.db, email))
    ) {
      throw new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    const hash = password !== undefined ? await hashPassword(password) : null;
    const r = await this.ctx.db.query<UserRow>(
      `update auth.users set email = coalesce($2, email), encrypted_password = coalesce($3, encrypted_password),
         raw_user_meta_data = raw_user_meta_data || $4, updated_at = now() where id = $1 returning *`,
      [user.id, email ?? null, hash, obj(body.data)],
    );
    return r.rows[0]!;
  }

  /** DELETE /user/identities/{id}: GoTrue refuses to remove a user's last identity. */
  private async unlinkIdentity(user: UserRow, identityId: string): Promise<void> {
    const ids = (
      await this.ctx.db.query<{ id: string; provider: string }>(
        'select id, provider from auth.identities where user_id = $1',
        [user.id],
      )
    ).rows;
    const target = ids.find((i) => i.id === identityId);
    if (!target) throw new AuthError(404, 'identity_not_found', "Identity doesn't exist");
    if (ids.length === 1)
      throw new AuthError(
        422,
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    await this.ctx.db.query('delete from auth.identities where id = $1', [identityId]);
    const providers = [...new Set(ids.filter((i) => i.id !== identityId).map((i) => i.provider))];
    await this.ctx.db.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('providers', $2::jsonb, 'provider', $3::text), updated_at = now() where id = $1`,
      [user.id, JSON.stringify(providers), providers[0]],
    );
  }

  /** /recover, /otp, /magiclink: the letter goes to the outbox (no mail server locally). */
  private async sendLink(path: string, body: Record<string, unknown>, url: URL) {
    const email = validEmail(str(body.email) ?? '');
    refuseSyntheticEmail(email);
    this.limits.take('sendsPerAccount', email);
    checkMetadata(obj(body.data));
    let user = await findUserByEmail(this.ctx.db, email);
    if (!user && path === '/otp' && body.create_user !== false) {
      user = await createUser(this.ctx.db, {
        email,
        provider: 'email',
        providerId: '',
        userMetadata: obj(body.data),
        confirmed: false,
      });
    }
    if (user) {
      const kind = path === '/recover' ? 'recovery' : 'magiclink';
      // auth-js sends redirectTo as the `redirect_to` query parameter.
      const t = await mintToken(
        this.ctx,
        user,
        kind,
        str(url.searchParams.get('redirect_to')) ?? str(body.redirect_to),
      );
      this.outbox.send({ to: email, kind, link: t.actionLink, code: t.otp });
    }
    // Like GoTrue, the answer does not reveal whether the address is registered.
    return {};
  }
}
