/** What the auth pages’ tests share: an auth state to render a page with, and a router around it. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthResult, type AuthState } from '../../../../src/auth/useAuth.ts';

/** Every action answers ok unless a test says otherwise. */
const ok = async (): Promise<AuthResult> => ({ ok: true });

/** The auth state a page reads (useAuth), signed out, its actions spies. */
export function authState(over: Partial<AuthState> = {}): AuthState {
  return {
    status: 'signed-out',
    user: null,
    oauthProvider: 'google',
    hasEthereumWallet: false,
    signInWithPassword: vi.fn(ok),
    signUp: vi.fn(ok),
    signInWithOAuth: vi.fn(ok),
    signInWithEthereum: vi.fn(ok),
    completeOAuthCallback: vi.fn(ok),
    requestPasswordReset: vi.fn(ok),
    updatePassword: vi.fn(ok),
    deleteAccount: vi.fn(ok),
    signOut: vi.fn(ok),
    ...over,
  };
}

/** The page at `path` in a router with / and /settings to go to. */
export function renderAt(path: string, element: ReactNode, auth: AuthState) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route path={path.split('?')[0]} element={element} />
          <Route path="/settings" element={<p>Settings screen</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

export const signedIn = {
  status: 'signed-in' as const,
  user: { id: 'u', email: 'ada@example.com', fullName: null, avatarUrl: null, provider: 'email' },
};
