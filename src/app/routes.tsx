import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { MapRoute } from '../features/map/MapRoute.tsx';
import { MapPageFrame } from '../features/map/MapPageFrame.tsx';
// The map frame's styles belong to the entry stylesheet: the prerendered `/` paints with them.
import '../features/map/mapFrame.css';
import { DebugOnly, RequireSignedIn, RequireSignedOut } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { RouteFrame } from './RouteFrame.tsx';

// Every screen is its own chunk; the shell above stays small (docs/architecture.md budget for `/`).
// The map route loads without a Suspense boundary (see MapRoute for why).
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const SignupPage = lazy(() => import('../features/auth/SignupPage.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/AuthCallbackPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const ApiDebugPage = lazy(() => import('../features/debug/ApiDebugPage.tsx'));
const AdDebugPage = lazy(() => import('../features/debug/AdDebugPage.tsx'));
const ForecastPage = lazy(() => import('../features/forecast/ForecastPage.tsx'));
const LiveFeedsPage = lazy(() => import('../features/live-feeds/LiveFeedsPage.tsx'));
const NewsPage = lazy(() => import('../features/news/NewsPage.tsx'));
const ArticlePage = lazy(() => import('../features/news/ArticlePage.tsx'));
const GuidePage = lazy(() => import('../features/guide/GuidePage.tsx'));
const SdoPage = lazy(() => import('../features/sdo/SdoPage.tsx'));
const SdoTestPage = lazy(() => import('../features/sdo/SdoTestPage.tsx'));
const AboutPage = lazy(() => import('../features/static/AboutPage.tsx'));
const ContactPage = lazy(() => import('../features/static/ContactPage.tsx'));
const TermsPage = lazy(() => import('../features/static/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('../features/static/PrivacyPage.tsx'));
const CookiesPage = lazy(() => import('../features/static/CookiesPage.tsx'));

/**
 * A lazy screen. While its code loads it shows its route's frame (h1, lead line, "Loading
 * content..." under them): the title the prerendered HTML painted stays on screen on a slow link.
 */
function page(Component: LazyExoticComponent<ComponentType>, path: string | null = null) {
  return (
    <Suspense fallback={<RouteFrame path={path} />}>
      <Component />
    </Suspense>
  );
}

/** Every route, with its redirects (/alerts → /live-feeds, …). Shared by the app and the route tests. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <MapRoute fallback={<MapPageFrame />} /> },
      {
        path: 'login',
        element: (
          <RequireSignedOut fallback={<RouteFrame path="/login" />}>
            {page(LoginPage, '/login')}
          </RequireSignedOut>
        ),
      },
      {
        path: 'signup',
        element: (
          <RequireSignedOut fallback={<RouteFrame path="/signup" />}>
            {page(SignupPage, '/signup')}
          </RequireSignedOut>
        ),
      },
      { path: 'auth/callback', element: page(AuthCallbackPage, '/auth/callback') },
      { path: 'auth/facebook/callback', element: page(AuthCallbackPage, '/auth/callback') },
      { path: 'alerts', element: <Navigate to="/live-feeds" replace /> },
      { path: 'live-feeds', element: page(LiveFeedsPage, '/live-feeds') },
      { path: 'forecast', element: page(ForecastPage, '/forecast') },
      { path: 'news-guides', element: page(NewsPage, '/news-guides') },
      { path: 'news', element: page(NewsPage, '/news') },
      { path: 'news-guides/:slug', element: page(ArticlePage) },
      { path: 'guide', element: page(GuidePage, '/guide') },
      { path: 'sdo', element: page(SdoPage, '/sdo') },
      { path: 'sdo-test', element: page(SdoTestPage) },
      {
        path: 'settings',
        element: (
          <RequireSignedIn fallback={<RouteFrame path="/settings" />}>
            {page(SettingsPage, '/settings')}
          </RequireSignedIn>
        ),
      },
      { path: 'about', element: page(AboutPage, '/about') },
      { path: 'contact', element: page(ContactPage, '/contact') },
      { path: 'terms', element: page(TermsPage, '/terms') },
      { path: 'privacy', element: page(PrivacyPage, '/privacy') },
      { path: 'cookies', element: page(CookiesPage, '/cookies') },
      { path: 'debug/api', element: <DebugOnly>{page(ApiDebugPage)}</DebugOnly> },
      { path: 'debug/ads', element: <DebugOnly>{page(AdDebugPage)}</DebugOnly> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
