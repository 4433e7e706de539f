import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthState, AuthStatus, AuthUser } from '../../../src/auth/useAuth.ts';
import { AuthContext } from '../../../src/auth/useAuth.ts';
import { routes } from '../../../src/app/routes.tsx';

const ok = async () => ({ ok: true as const });

/** An auth context as the provider would give it, for a given status and user. */
export function authValue(status: AuthStatus, user: AuthUser | null = null): AuthState {
  return {
    status,
    user,
    oauthProvider: 'google',
    hasEthereumWallet: false,
    signInWithPassword: ok,
    signUp: ok,
    signInWithOAuth: ok,
    signInWithEthereum: ok,
    completeOAuthCallback: ok,
    signOut: ok,
  } as AuthState;
}

export const SIGNED_IN_USER: AuthUser = {
  id: 'u1',
  email: 'maria.kp@example.org',
  fullName: null,
  avatarUrl: null,
  provider: 'email',
};

/** The real route table in a memory router, at `path`, with the given auth state. */
export function renderApp(path: string, auth: AuthState = authValue('signed-out')) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { router, ...utils };
}
