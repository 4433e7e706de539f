import { describe, expect, it } from 'vitest';
import {
  ETH_EMAIL_SUFFIX,
  ETH_KEYS,
  readEthereumSession,
  restoreEthereumSession,
  writeEthereumSession,
  type ProfileLookup,
} from '../../../src/auth/ethereumSession.ts';
import { SYNTHETIC_EMAIL_SUFFIX } from '../../../supabase/functions/siwe-verify/checks.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const full = () =>
  memoryStorage({
    [ETH_KEYS.token]: 'tok',
    [ETH_KEYS.address]: ADDRESS,
    [ETH_KEYS.userId]: 'user-1',
    [ETH_KEYS.ensName]: 'aurora.eth',
  });

describe('stored Ethereum session', () => {
  it('uses product-prefixed storage keys', () => {
    expect(Object.values(ETH_KEYS).every((k) => k.startsWith('aurora:eth:'))).toBe(true);
  });

  it('counts only when token, address and user id are all present', () => {
    expect(readEthereumSession(full())).toMatchObject({
      token: 'tok',
      address: ADDRESS,
      userId: 'user-1',
      ensName: 'aurora.eth',
    });
    for (const missing of [ETH_KEYS.token, ETH_KEYS.address, ETH_KEYS.userId]) {
      const s = full();
      s.removeItem(missing);
      expect(readEthereumSession(s)).toBeNull();
    }
    const blank = full();
    blank.setItem(ETH_KEYS.token, '  ');
    expect(readEthereumSession(blank)).toBeNull();
  });

  it('signs the user in from it when the profile is found, as the synthetic ethereum user', async () => {
    const asked: [string, string][] = [];
    const result = await restoreEthereumSession(
      full(),
      async (id, token): Promise<ProfileLookup> => {
        asked.push([id, token]);
        return { status: 'found', profile: { full_name: null, avatar_url: null } };
      },
    );
    expect(asked).toEqual([['user-1', 'tok']]);
    expect(result.kind).toBe('signed-in');
    if (result.kind !== 'signed-in') return;
    // The synthetic email is the server's handle for the account, not an address to show.
    expect(result.user).toEqual({
      id: 'user-1',
      email: null,
      walletAddress: ADDRESS,
      fullName: 'aurora.eth',
      avatarUrl: null,
      provider: 'ethereum',
    });
  });

  it('builds the same synthetic email as the siwe-verify function', () => {
    expect(ETH_EMAIL_SUFFIX).toBe(SYNTHETIC_EMAIL_SUFFIX);
  });

  it('clears every entry when the profile is not found', async () => {
    const storage = full();
    const result = await restoreEthereumSession(storage, async () => ({ status: 'not-found' }));
    expect(result.kind).toBe('cleared');
    expect(Object.values(ETH_KEYS).map((k) => storage.getItem(k))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps the entries and the user when the backend cannot be reached (offline start)', async () => {
    const storage = full();
    const result = await restoreEthereumSession(storage, async () => ({ status: 'unreachable' }));
    expect(result.kind).toBe('unverified');
    expect(readEthereumSession(storage)).not.toBeNull();
  });

  it('does not ask for a profile when nothing is stored', async () => {
    let asked = false;
    const result = await restoreEthereumSession(memoryStorage(), async () => {
      asked = true;
      return { status: 'not-found' };
    });
    expect(result.kind).toBe('none');
    expect(asked).toBe(false);
  });

  it('round-trips what it writes, dropping a stale ENS name', () => {
    const storage = full();
    writeEthereumSession(storage, {
      token: 't2',
      address: ADDRESS,
      userId: 'user-2',
      ensName: null,
    });
    expect(readEthereumSession(storage)).toEqual({
      token: 't2',
      address: ADDRESS,
      userId: 'user-2',
      ensName: null,
    });
  });
});
