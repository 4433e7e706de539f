import { describe, expect, it } from 'vitest';
import { toAuthUser } from '../../../src/auth/persistedSession.ts';
import { displayName, initials, shortAddress } from '../../../src/auth/useAuth.ts';

describe('displayName (the user menu)', () => {
  it('uses full_name when there is one', () => {
    expect(displayName({ fullName: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the part of the email before the at-sign', () => {
    expect(displayName({ fullName: null, email: 'stargazer@example.com' })).toBe('stargazer');
  });

  it('treats a blank full name as missing', () => {
    expect(displayName({ fullName: '   ', email: 'night.owl@example.com' })).toBe('night.owl');
  });

  it('says "User" when there is neither a name nor an email', () => {
    expect(displayName({ fullName: null, email: null })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('toAuthUser (social sign-up fields)', () => {
  it('takes full_name from name and avatar_url from picture when the provider uses those keys', () => {
    const user = toAuthUser({
      id: 'u1',
      email: 'g@example.com',
      user_metadata: { name: 'Grace Hopper', picture: 'https://img.example/g.png' },
      app_metadata: { provider: 'google' },
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'g@example.com',
      fullName: 'Grace Hopper',
      avatarUrl: 'https://img.example/g.png',
      provider: 'google',
    });
  });

  it('prefers full_name and avatar_url over name and picture', () => {
    const user = toAuthUser({
      id: 'u2',
      email: null,
      user_metadata: { full_name: 'Full', name: 'Short', avatar_url: 'a.png', picture: 'p.png' },
    });
    expect(user.fullName).toBe('Full');
    expect(user.avatarUrl).toBe('a.png');
    expect(user.provider).toBe('email');
  });
});

describe('Ethereum accounts (short address, no invented email)', () => {
  const address = '0x12aBcDeF0123456789abcdef0123456789ABcdef';

  it('shortens an address to its first 6 and last 4 characters, 0x12aB…cdef, and names a wallet account by it', () => {
    expect(shortAddress(address)).toBe('0x12aB…cdef');
    expect(displayName({ fullName: null, email: null, walletAddress: address })).toBe(
      '0x12aB…cdef',
    );
    expect(initials({ fullName: null, email: null, walletAddress: address })).toBe('12');
  });

  it('drops the synthetic email of a wallet session and keeps its address, from siwe-verify or the web3 grant', () => {
    const fromFunction = toAuthUser({
      id: 'w1',
      email: `${address.toLowerCase()}@ethereum.local`,
      user_metadata: { address, ens_name: null },
      app_metadata: { provider: 'ethereum', wallet_address: address.toLowerCase() },
    });
    expect(fromFunction).toMatchObject({
      email: null,
      walletAddress: address.toLowerCase(),
      provider: 'ethereum',
    });
    expect(displayName(fromFunction)).toBe('0x12ab…cdef');
    const fromGrant = toAuthUser({
      id: 'w2',
      email: null,
      user_metadata: { custom_claims: { address } },
      app_metadata: { provider: 'web3' },
    });
    expect(fromGrant).toMatchObject({ email: null, walletAddress: address });
  });
});

describe('initials for an avatar without a picture', () => {
  it('takes the first and last name’s first letters, else the email’s first letter', () => {
    expect(initials({ fullName: 'Grace Brewster Hopper', email: null })).toBe('GH');
    expect(initials({ fullName: 'Ada', email: null })).toBe('A');
    expect(initials({ fullName: null, email: 'stargazer@example.com' })).toBe('S');
    expect(initials(null)).toBe('?');
  });
});
