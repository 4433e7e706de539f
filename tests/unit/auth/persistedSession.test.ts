import { describe, expect, it } from 'vitest';
import { initialSnapshot } from '../../../src/auth/authController.ts';
import { SESSION_STORAGE_KEY } from '../../../src/auth/config.ts';
import { ETH_KEYS } from '../../../src/auth/ethereumSession.ts';
import { readPersistedUser } from '../../../src/auth/persistedSession.ts';
import { memoryStorage } from '../../support/memoryStorage.ts';

const session = {
  access_token: 'a.b.c',
  refresh_token: 'r1',
  expires_at: 1,
  token_type: 'bearer',
  user: {
    id: 'u1',
    email: 'ada@example.com',
    user_metadata: { full_name: 'Ada' },
    app_metadata: { provider: 'email' },
  },
};

describe('start-up auth state read synchronously from localStorage', () => {
  it('is signed in when supabase-js persisted a session, even with an expired access token', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(session) });
    expect(initialSnapshot(storage, SESSION_STORAGE_KEY)).toEqual({
      status: 'signed-in',
      user: {
        id: 'u1',
        email: 'ada@example.com',
        fullName: 'Ada',
        avatarUrl: null,
        provider: 'email',
      },
    });
  });

  it('is signed out with nothing stored, with garbage stored, or without a refresh token', () => {
    expect(initialSnapshot(memoryStorage(), SESSION_STORAGE_KEY).status).toBe('signed-out');
    expect(
      initialSnapshot(memoryStorage({ [SESSION_STORAGE_KEY]: '{not json' }), SESSION_STORAGE_KEY)
        .status,
    ).toBe('signed-out');
    const noRefresh = { ...session, refresh_token: '' };
    expect(
      readPersistedUser(
        memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(noRefresh) }),
        SESSION_STORAGE_KEY,
      ),
    ).toBeNull();
  });

  it('looks at a stored Ethereum session first', () => {
    const storage = memoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify(session),
      [ETH_KEYS.token]: 't',
      [ETH_KEYS.address]: '0xAbC',
      [ETH_KEYS.userId]: 'eth-user',
    });
    const snap = initialSnapshot(storage, SESSION_STORAGE_KEY);
    expect(snap.user?.provider).toBe('ethereum');
    expect(snap.user?.id).toBe('eth-user');
  });

  it('treats storage that throws (disabled) as signed out', () => {
    const storage = memoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(initialSnapshot(storage, SESSION_STORAGE_KEY).status).toBe('signed-out');
  });
});
