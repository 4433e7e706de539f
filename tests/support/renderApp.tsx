import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type NavigateFunction,
  type NavigationType,
} from 'react-router';
import type { AuthState, AuthStatus, AuthUser } from '../../src/auth/useAuth.ts';
import { AuthContext } from '../../src/auth/useAuth.ts';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';

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
    requestPasswordReset: ok,
    updatePassword: ok,
    deleteAccount: ok,
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

/** The real route table (as the app renders it) in a memory router, at `path`, with the given auth state. */
export function renderApp(path: string, auth: AuthState = authValue('signed-out')) {
  const current: {
    pathname: string;
    action: NavigationType | null;
    navigate: NavigateFunction | null;
  } = { pathname: path, action: null, navigate: null };
  function LocationProbe() {
    current.pathname = useLocation().pathname;
    current.action = useNavigationType();
    current.navigate = useNavigate();
    return null;
  }
  const utils = render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  /** Where the router is now, and how it got there (PUSH, REPLACE or POP). */
  const location = () => ({ pathname: current.pathname, action: current.action });
  /** Navigate as a link click would. */
  const navigate = async (to: string) => {
    await current.navigate?.(to);
  };
  return { location, navigate, ...utils };
}
