import type pg from 'pg';
import { AuthError } from './http.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

export async function findUserById(db: pg.Pool, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (
    (await db.query<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id]))
      .rows[0] ?? null
  );
}

export async function findUserByEmail(db: pg.Pool, email: string): Promise<UserRow | null> {
  return (
    (
      await db.query<UserRow>(
        'select * from auth.users where lower(email) = lower($1) and deleted_at is null',
        [email],
      )
    ).rows[0] ?? null
  );
}

export async function findUserByPhone(db: pg.Pool, phone: string): Promise<UserRow | null> {
  return (
    (
      await db.query<UserRow>('select * from auth.users where phone = $1 and deleted_at is null', [
        phone,
      ])
    ).rows[0] ?? null
  );
}

export async function findUserByIdentity(
  db: pg.Pool,
  provider: string,
  providerId: string,
): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    'select u.* from auth.users u join auth.identities i on i.user_id = u.id where i.provider = $1 and i.provider_id = $2 and u.deleted_at is null',
    [provider, providerId],
  );
  return r.rows[0] ?? null;
}

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  provider: string;
  providerId: string;
  identityData?: Record<string, unknown>;
  confirmed?: boolean;
}

/** Inserts the user and its first identity with `client`, inside the caller's transaction. */
export async function insertUser(client: pg.ClientBase, u: NewUser): Promise<UserRow> {
  const app = { provider: u.provider, providers: [u.provider], ...(u.appMetadata ?? {}) };
  const user = (
    await client.query<UserRow>(
      `insert into auth.users (email, phone, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, phone_confirmed_at)
       values ($1::text, $2::text, $3, $4, $5, case when $6::boolean and $1::text is not null then now() end, case when $6::boolean and $2::text is not null then now() end)
       returning *`,
      [
        u.email ?? null,
        u.phone ?? null,
        u.passwordHash ?? null,
        app,
        u.userMetadata ?? {},
        u.confirmed ?? true,
      ],
    )
  ).rows[0]!;
  await client.query(
    'insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3, $4, now())',
    [
      u.providerId === '' ? user.id : u.providerId,
      user.id,
      {
        sub: u.providerId === '' ? user.id : u.providerId,
        email: u.email ?? undefined,
        email_verified: true,
        ...(u.identityData ?? {}),
      },
      u.provider,
    ],
  );
  return user;
}

/** Runs `work` in one transaction on a client of its own. */
export async function inTransaction<T>(
  db: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Creates the user and its first identity in one transaction (the profile follows from the auth.users trigger). */
export async function createUser(db: pg.Pool, u: NewUser): Promise<UserRow> {
  try {
    return await inTransaction(db, (client) => insertUser(client, u));
  } catch (err) {
    // Two sign-ups of one address at once: the unique index decides, and the loser hears what a
    // sign-up of an existing address hears (hosted Auth's answer).
    if ((err as { code?: string }).code === '23505')
      throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw err;
  }
}

export async function identitiesOf(db: pg.Pool, userId: string): Promise<IdentityRow[]> {
  return (
    await db.query<IdentityRow>(
      'select * from auth.identities where user_id = $1 order by created_at',
      [userId],
    )
  ).rows;
}

/** The user object GoTrue returns (what auth-js exposes as `User`). */
export async function userJson(db: pg.Pool, u: UserRow): Promise<Record<string, unknown>> {
  const identities = await identitiesOf(db, u.id);
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmed_at: iso(u.email_confirmed_at ?? u.phone_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: typeof i.identity_data.email === 'string' ? i.identity_data.email : undefined,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  };
}
