import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import type { AuthState, AuthStatus, AuthUser } from '../../src/auth/useAuth.ts';
import { AuthContext } from '../../src/auth/useAuth.ts';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';
import { routes } from '../../src/app/routes.tsx';
import { afterAll } from 'vitest';
import { closePageDatabase } from '../../sync/database.ts';

// The screens rendered here read the page's database (no DatabaseProvider): it must be open and
// closed before the file's jsdom window goes, or Dexie's late "created" event throws outside any
// test (an unhandled error that fails the run).
afterAll(closePageDatabase);

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

/** What stands for the map page in a route table rendered with `{ map: 'marker' }`. */
export const MAP_MARKER_TEST_ID = 'map-route-marker';

/**
 * The real route table with the map page (the index route, `/`) swapped for a marker: OpenLayers
 * needs a browser's ResizeObserver and canvas, which jsdom has not, so a test that only asserts
 * where the router lands on `/` need not mount it (the map is tested in Chromium, tests/e2e).
 */
function withMapMarker(route: RouteObject): RouteObject {
  if (route.index) return { ...route, element: <p data-testid={MAP_MARKER_TEST_ID}>map page</p> };
  return { ...route, children: route.children?.map(withMapMarker) };
}
const routesWithMapMarker = routes.map(withMapMarker);

function RoutesWithMapMarker() {
  return useRoutes(routesWithMapMarker);
}

/**
 * The real route table (as the app renders it) in a memory router, at `path`, with the given auth
 * state. `map: 'marker'`: the same table with a marker in place of the map page (see above).
 */
export function renderApp(
  path: string,
  auth: AuthState = authValue('signed-out'),
  { map = 'page' }: { map?: 'page' | 'marker' } = {},
) {
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
        {map === 'page' ? <AppRoutes /> : <RoutesWithMapMarker />}
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
