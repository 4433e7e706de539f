import type pg from 'pg';
import { identitiesOf, inTransaction, insertUser, type UserRow } from './users.ts';

/**
 * An address nobody has proven gives no one a share in an account (issue 21 item 18).
 *
 * Hosted Supabase Auth links identities by email only when the email is verified: "It would also be
 * an insecure practice to automatically link an identity to a user with an unverified email address
 * since that could lead to pre-account takeover attacks"
 * (https://supabase.com/docs/guides/auth/auth-identity-linking). GoTrue's DetermineAccountLinking
 * (internal/models/linking.go) creates a new account for an identity without a verified email, and
 * leaves that account without the address when someone else holds it.
 *
 * The local test identity provider verifies nothing (anyone types any address), so its accounts
 * hold their address unconfirmed. When the address's owner later proves it — an emailed code or
 * link — while such an account holds it, the same rule runs the other way: the owner gets an
 * account of their own with the address, and the provider's account keeps its identities and data
 * but gives the address up. Nothing is shared: no session, data or sign-in method of the provider's
 * user reaches the owner's account, and the provider's user cannot reach it.
 */

/** The test IdP's identities: `provider_id` is `<provider>|<typed address>` (server/auth/oauth.ts). */
export const isTestIdpIdentity = (i: { provider: string; provider_id: string }) =>
  i.provider !== 'email' && i.provider !== 'phone' && i.provider_id.startsWith(`${i.provider}|`);

/**
 * Whether `user` holds its address unproven while another way in (an identity other than email or
 * phone) exists. Accounts the test IdP made before its addresses were held unconfirmed count too:
 * no password, and only test-IdP identities.
 */
export async function holdsUnprovenAddress(db: pg.Pool, user: UserRow): Promise<boolean> {
  const identities = await identitiesOf(db, user.id);
  const otherWayIn = identities.some((i) => i.provider !== 'email' && i.provider !== 'phone');
  const madeByTestIdp =
    !user.encrypted_password && identities.length > 0 && identities.every(isTestIdpIdentity);
  return otherWayIn && (!user.email_confirmed_at || madeByTestIdp);
}

/**
 * The owner has just proven `user.email` (a code or link sent there): the address moves to a new,
 * confirmed account of theirs, with the letters still open for it; `user` keeps everything else.
 */
export async function giveAddressToItsOwner(db: pg.Pool, user: UserRow): Promise<UserRow> {
  const email = user.email!;
  return inTransaction(db, async (client) => {
    const released = await client.query(
      'update auth.users set email = null, email_confirmed_at = null, updated_at = now() where id = $1 and lower(email) = lower($2)',
      [user.id, email],
    );
    if (released.rowCount === 0) {
      // Another letter to the same address got here first: the owner's account already exists.
      const holder = await client.query<UserRow>(
        'select * from auth.users where lower(email) = lower($1) and deleted_at is null',
        [email],
      );
      return holder.rows[0] ?? user;
    }
    const owner = await insertUser(client, { email, provider: 'email', providerId: '' });
    // Letters still open were sent to the owner's inbox: they open the owner's account now.
    await client.query('update auth.one_time_tokens set user_id = $2 where user_id = $1', [
      user.id,
      owner.id,
    ]);
    return owner;
  });
}
