import { AuthError, json, obj, str } from './http.ts';
import type { AuthContext } from './context.ts';
import { mintToken } from './otp.ts';
import { hashPassword } from './passwords.ts';
import { createUser, findUserByEmail, findUserById, userJson, type UserRow } from './users.ts';
import { checkMetadata } from './validate.ts';
import { checkPassword } from './weakPassword.ts';

async function strongHash(password: string | undefined): Promise<string | null> {
  if (password === undefined) return null;
  const weak = checkPassword(password);
  if (weak.reasons.length)
    throw new AuthError(422, 'weak_password', weak.message, {
      weak_password: { reasons: weak.reasons },
    });
  return hashPassword(password);
}

async function adminCreate(ctx: AuthContext, body: Record<string, unknown>): Promise<UserRow> {
  const email = str(body.email)?.toLowerCase();
  const phone = str(body.phone);
  if (email && (await findUserByEmail(ctx.db, email)))
    throw new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  return createUser(ctx.db, {
    email,
    phone,
    passwordHash: await strongHash(str(body.password)),
    userMetadata: checkMetadata(obj(body.user_metadata ?? body.data)),
    appMetadata: checkMetadata(obj(body.app_metadata), 'App metadata'),
    provider: email ? 'email' : phone ? 'phone' : 'email',
    providerId: '',
    confirmed: body.email_confirm === true || body.phone_confirm === true,
  });
}

/** `/admin/*`: callable only with the service-role key (supabase-js `auth.admin`). */
export async function handleAdmin(
  ctx: AuthContext,
  req: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<Response> {
  if (path === '/admin/users' && req.method === 'POST')
    return json(await userJson(ctx.db, await adminCreate(ctx, body)));
  if (path === '/admin/users' && req.method === 'GET') {
    const url = new URL(req.url);
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50) || 50, 1000);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
    const rows = (
      await ctx.db.query<UserRow>(
        'select * from auth.users where deleted_at is null order by created_at limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      )
    ).rows;
    const total = (
      await ctx.db.query<{ n: string }>(
        'select count(*) as n from auth.users where deleted_at is null',
      )
    ).rows[0]!.n;
    return json(
      { users: await Promise.all(rows.map((u) => userJson(ctx.db, u))), aud: 'authenticated' },
      200,
      { 'X-Total-Count': total },
    );
  }
  const one = /^\/admin\/users\/([0-9a-f-]{36})$/i.exec(path);
  if (one) {
    const user = await findUserById(ctx.db, one[1]!);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    if (req.method === 'GET') return json(await userJson(ctx.db, user));
    if (req.method === 'DELETE') {
      await ctx.db.query('delete from auth.users where id = $1', [user.id]);
      return json({});
    }
    if (req.method === 'PUT') {
      checkMetadata({ ...user.raw_user_meta_data, ...obj(body.user_metadata) });
      checkMetadata({ ...user.raw_app_meta_data, ...obj(body.app_metadata) }, 'App metadata');
      const hash = await strongHash(str(body.password));
      const updated = (
        await ctx.db.query<UserRow>(
          `update auth.users set email = coalesce($2, email), encrypted_password = coalesce($3, encrypted_password),
             raw_user_meta_data = raw_user_meta_data || $4, raw_app_meta_data = raw_app_meta_data || $5,
             email_confirmed_at = case when $6 then coalesce(email_confirmed_at, now()) else email_confirmed_at end, updated_at = now()
           where id = $1 returning *`,
          [
            user.id,
            str(body.email)?.toLowerCase() ?? null,
            hash,
            obj(body.user_metadata),
            obj(body.app_metadata),
            body.email_confirm === true,
          ],
        )
      ).rows[0]!;
      return json(await userJson(ctx.db, updated));
    }
  }
  if (path === '/admin/generate_link' && req.method === 'POST') {
    const type = str(body.type) ?? '';
    const email = str(body.email)?.toLowerCase();
    if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
    if (!['signup', 'magiclink', 'invite', 'recovery'].includes(type))
      throw new AuthError(400, 'validation_failed', 'Invalid link type');
    let user = await findUserByEmail(ctx.db, email);
    if (!user) {
      if (type === 'recovery')
        throw new AuthError(404, 'user_not_found', 'User with this email not found');
      user = await adminCreate(ctx, {
        email,
        password: body.password,
        data: body.data,
        email_confirm: false,
      });
    } else if (type === 'signup' || type === 'invite') {
      throw new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    const redirectTo = str(body.redirect_to) ?? str(obj(body.options).redirectTo);
    const t = await mintToken(ctx, user, type, redirectTo);
    return json({
      ...(await userJson(ctx.db, user)),
      action_link: t.actionLink,
      email_otp: t.otp,
      hashed_token: t.hashedToken,
      verification_type: type,
      redirect_to: redirectTo ?? ctx.cfg.siteUrl,
    });
  }
  throw new AuthError(404, 'not_found', 'Not found');
}
