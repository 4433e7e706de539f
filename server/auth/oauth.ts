import { createHash, randomUUID } from 'node:crypto';
import { AuthError, obj, str } from './http.ts';
import { redirectTarget, type AuthContext } from './context.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { issueSession } from './sessions.ts';
import { refuseSyntheticEmail } from './syntheticEmail.ts';
import { isTestIdpIdentity } from './unprovenAddress.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  findUserByIdentity,
  identitiesOf,
  type UserRow,
} from './users.ts';
import { checkMetadata, validEmail } from './validate.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function idpUrl(ctx: AuthContext, url: URL): URL {
  const provider = url.searchParams.get('provider') ?? '';
  if (!ctx.cfg.externalProviders.includes(provider)) {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  }
  const idp = new URL(`${ctx.cfg.siteUrl}/auth/v1/test-idp/authorize`);
  for (const k of [
    'provider',
    'redirect_to',
    'code_challenge',
    'code_challenge_method',
    'scopes',
  ]) {
    const v = url.searchParams.get(k);
    if (v) idp.searchParams.set(k, v);
  }
  return idp;
}

/** GET /authorize: hands the browser to the local test identity provider. */
export function authorize(ctx: AuthContext, url: URL): Response {
  return new Response(null, { status: 302, headers: { Location: idpUrl(ctx, url).toString() } });
}

/**
 * GET /user/identities/authorize (auth-js linkIdentity): the same trip to the test IdP, carrying a
 * short-lived token naming the signed-in user, so the identity is linked to them on the way back.
 */
export async function authorizeLink(ctx: AuthContext, url: URL, userId: string): Promise<Response> {
  const idp = idpUrl(ctx, url);
  idp.searchParams.set(
    'link_token',
    await signJwt(ctx.cfg.jwtSecret, { role: 'link_identity', sub: userId }, 600),
  );
  if (url.searchParams.get('skip_http_redirect') === 'true') {
    return new Response(JSON.stringify({ url: idp.toString() }), {
      headers: { 'Content-Type': 'application/json' },
    });
  }
  return new Response(null, { status: 302, headers: { Location: idp.toString() } });
}

/** The test identity provider's sign-in page: who do you want to be? */
export function testIdpPage(ctx: AuthContext, url: URL): Response {
  const provider = url.searchParams.get('provider') ?? '';
  if (!ctx.cfg.externalProviders.includes(provider))
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  const hidden = [
    'provider',
    'redirect_to',
    'code_challenge',
    'code_challenge_method',
    'link_token',
  ]
    .map((k) => `<input type="hidden" name="${k}" value="${esc(url.searchParams.get(k) ?? '')}">`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Test ${esc(provider)} sign-in</title></head><body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">
<h1>Test identity provider: ${esc(provider)}</h1><p>Local development only. Choose who to sign in as.</p>
<form method="post" action="/auth/v1/test-idp/callback">${hidden}
<p><label>Email <input name="email" type="email" required value="test.user@example.com"></label></p>
<p><label>Name <input name="name" value="Test User"></label></p>
<p><label>Picture URL <input name="picture" value=""></label></p>
<p><button type="submit">Sign in</button></p></form></body></html>`;
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** POST from the test IdP page: sign the person in (creating them on first sign-in) and go back to the app. */
export async function testIdpCallback(ctx: AuthContext, req: Request): Promise<Response> {
  const form = new URLSearchParams(await req.text());
  const provider = form.get('provider') ?? '';
  if (!ctx.cfg.externalProviders.includes(provider))
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  const email = validEmail(form.get('email') ?? '');
  // Signing in links by email: an identity at the wallet domain would land in a wallet's account.
  refuseSyntheticEmail(email);
  // Nobody proved the address here: the account holds it unconfirmed (unprovenAddress.ts).
  const claims: Record<string, unknown> = {
    iss: `${ctx.cfg.siteUrl}/auth/v1/test-idp`,
    sub: `${provider}|${email}`,
    email,
    email_verified: false,
    provider_id: `${provider}|${email}`,
  };
  const name = str(form.get('name')?.trim());
  const picture = str(form.get('picture')?.trim());
  if (name) Object.assign(claims, { name, full_name: name });
  if (picture) Object.assign(claims, { picture, avatar_url: picture });
  checkMetadata(claims, "The identity's profile");

  const redirectTo = redirectTarget(ctx.cfg, str(form.get('redirect_to')));
  const linkToken = str(form.get('link_token'));
  let user: UserRow;
  if (linkToken) {
    const link = await verifyJwt(ctx.cfg.jwtSecret, linkToken);
    const linking =
      link?.role === 'link_identity' && link.sub ? await findUserById(ctx.db, link.sub) : null;
    if (!linking)
      throw new AuthError(400, 'validation_failed', 'The identity link request has expired');
    const owner = await findUserByIdentity(ctx.db, provider, `${provider}|${email}`);
    if (owner) {
      // GoTrue's answer when the identity is already someone's (or already this user's).
      const back = new URL(redirectTo);
      back.hash = new URLSearchParams({
        error: 'server_error',
        error_code: 'identity_already_exists',
        error_description:
          'Identity is already linked' + (owner.id === linking.id ? '' : ' to another user'),
      }).toString();
      return new Response(null, { status: 303, headers: { Location: back.toString() } });
    }
    await addIdentity(ctx, linking, provider, `${provider}|${email}`, claims);
    user = (await findUserById(ctx.db, linking.id)) ?? linking;
  } else {
    const found = await signInWithIdentity(ctx, provider, `${provider}|${email}`, email, claims);
    if (!found) {
      // Anyone can type any address here: an account that signs in another way is never handed out.
      const back = new URL(redirectTo);
      const error = new URLSearchParams({
        error: 'access_denied',
        error_code: 'email_exists',
        error_description:
          'This address belongs to an account that signs in another way; the test identity provider signs in only its own test users',
      });
      if (str(form.get('code_challenge'))) back.search = error.toString();
      else back.hash = error.toString();
      return new Response(null, { status: 303, headers: { Location: back.toString() } });
    }
    user = found;
  }
  const challenge = str(form.get('code_challenge'));
  const target = new URL(redirectTo);
  if (challenge) {
    const code = randomUUID();
    await ctx.db.query(
      `insert into auth.flow_state (auth_code, code_challenge, code_challenge_method, provider_type, user_id, authentication_method)
       values ($1, $2, $3, $4, $5, 'oauth')`,
      [
        code,
        challenge,
        (form.get('code_challenge_method') ?? 's256').toLowerCase(),
        provider,
        user.id,
      ],
    );
    target.searchParams.set('code', code);
  } else {
    const s = await issueSession(ctx.db, ctx.cfg, user, 'oauth');
    target.hash = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      provider_token: '',
      refresh_token: s.refresh_token,
      token_type: 'bearer',
    }).toString();
  }
  return new Response(null, { status: 303, headers: { Location: target.toString() } });
}

/**
 * A test user is one the test IdP made: no password, and only test-IdP identities. Only those are
 * signed in here — the IdP checks nothing, so matching any other account would hand it to whoever
 * types its address.
 */
async function isTestUser(ctx: AuthContext, user: UserRow): Promise<boolean> {
  if (user.encrypted_password) return false;
  const identities = await identitiesOf(ctx.db, user.id);
  return (
    identities.length > 0 &&
    identities.every((i) => ctx.cfg.externalProviders.includes(i.provider) && isTestIdpIdentity(i))
  );
}

/** The test user behind an identity (linking another test provider's by email, or creating them); null when the address is a real account's. */
async function signInWithIdentity(
  ctx: AuthContext,
  provider: string,
  providerId: string,
  email: string,
  claims: Record<string, unknown>,
): Promise<UserRow | null> {
  const known = await findUserByIdentity(ctx.db, provider, providerId);
  if (known) return (await isTestUser(ctx, known)) ? known : null;
  const byEmail = await findUserByEmail(ctx.db, email);
  if (byEmail) {
    if (!(await isTestUser(ctx, byEmail))) return null;
    await addIdentity(ctx, byEmail, provider, providerId, claims);
    return (await findUserById(ctx.db, byEmail.id)) ?? byEmail;
  }
  return createUser(ctx.db, {
    email,
    provider,
    providerId,
    userMetadata: claims,
    identityData: claims,
    confirmed: false,
  });
}

/** Links an external identity to a user; its claims fill metadata the user does not have yet. */
async function addIdentity(
  ctx: AuthContext,
  user: UserRow,
  provider: string,
  providerId: string,
  claims: Record<string, unknown>,
): Promise<void> {
  await ctx.db.query(
    'insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3, $4, now())',
    [providerId, user.id, claims, provider],
  );
  const app = obj(user.raw_app_meta_data);
  const providers = Array.isArray(app.providers) ? (app.providers as string[]) : [];
  await ctx.db.query(
    'update auth.users set raw_app_meta_data = $2, raw_user_meta_data = $3, updated_at = now() where id = $1',
    [
      user.id,
      { ...app, providers: [...new Set([...providers, provider])] },
      { ...claims, ...user.raw_user_meta_data },
    ],
  );
}

/** grant_type=pkce: trades the code for a session once, if the verifier matches the challenge. */
export async function exchangePkce(ctx: AuthContext, body: Record<string, unknown>) {
  const code = str(body.auth_code);
  const verifier = str(body.code_verifier);
  if (!code || !verifier)
    throw new AuthError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  const flow = (
    await ctx.db.query<{
      code_challenge: string;
      code_challenge_method: string;
      user_id: string;
      created_at: Date;
      authentication_method: string;
    }>(
      'delete from auth.flow_state where auth_code = $1 returning code_challenge, code_challenge_method, user_id, created_at, authentication_method',
      [code],
    )
  ).rows[0];
  if (!flow)
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  if (Date.now() - flow.created_at.getTime() > 5 * 60_000)
    throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  const computed =
    flow.code_challenge_method === 'plain'
      ? verifier
      : createHash('sha256').update(verifier).digest('base64url');
  if (computed !== flow.code_challenge)
    throw new AuthError(
      403,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  const user = await findUserById(ctx.db, flow.user_id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return issueSession(ctx.db, ctx.cfg, user, flow.authentication_method);
}
