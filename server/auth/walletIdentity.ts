import type { AuthContext } from './context.ts';
import { createUser, findUserById, findUserByIdentity, type UserRow } from './users.ts';
import type { VerifiedWeb3 } from './web3.ts';

/**
 * The account of a verified wallet for the `web3` grant: the one `public.wallet_accounts` names
 * (shared with siwe-verify, so both sign-ins reach the same account), else the one holding the
 * web3 identity, else a new one. Never found by email.
 */
export async function walletUser(ctx: AuthContext, v: VerifiedWeb3): Promise<UserRow> {
  const address = v.address.toLowerCase();
  const providerId = `web3:ethereum:${address}`;
  const claims = {
    address: v.address,
    chain: `ethereum:${v.chainId}`,
    domain: v.domain,
    statement: v.statement ?? '',
  };
  const mapped = (
    await ctx.db.query<{ user_id: string }>(
      'select user_id from public.wallet_accounts where address = $1',
      [address],
    )
  ).rows[0];
  let user = mapped ? await findUserById(ctx.db, mapped.user_id) : null;
  if (user) {
    await ctx.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3, 'web3', now())
       on conflict do nothing`,
      [providerId, user.id, { sub: providerId, custom_claims: claims }],
    );
    return user;
  }
  user = await findUserByIdentity(ctx.db, 'web3', providerId);
  const created = !user;
  user ??= await createUser(ctx.db, {
    provider: 'web3',
    providerId,
    userMetadata: { custom_claims: claims },
    appMetadata: { wallet_address: address },
    identityData: { sub: providerId, custom_claims: claims },
  });
  // Two first sign-ins at once: the first mapping wins and both land in its account.
  const won = (
    await ctx.db.query<{ user_id: string }>(
      `insert into public.wallet_accounts (address, user_id) values ($1, $2)
       on conflict (address) do update set address = excluded.address returning user_id`,
      [address, user.id],
    )
  ).rows[0]!;
  if (won.user_id === user.id) return user;
  if (created) await ctx.db.query('delete from auth.users where id = $1', [user.id]);
  const winner = await findUserById(ctx.db, won.user_id);
  if (!winner) throw new Error(`wallet ${address} is mapped to a missing user`);
  return winner;
}
