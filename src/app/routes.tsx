import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { MapRoute } from '../features/map/MapRoute.tsx';
import { MapPageFrame } from '../features/map/MapPageFrame.tsx';
// The map frame's styles belong to the entry stylesheet: the prerendered `/` paints with them.
import '../features/map/mapFrame.css';
import { CONTENT_LOADING, PageLoading } from '../ui/PageLoading.tsx';
import { DebugOnly, RequireSignedIn, RequireSignedOut } from './guards.tsx';
import { Layout } from './Layout.tsx';

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

function page(Component: LazyExoticComponent<ComponentType>, loadingText = CONTENT_LOADING) {
  return (
    <Suspense fallback={<PageLoading text={loadingText} />}>
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
      { path: 'login', element: <RequireSignedOut>{page(LoginPage)}</RequireSignedOut> },
      { path: 'signup', element: <RequireSignedOut>{page(SignupPage)}</RequireSignedOut> },
      { path: 'auth/callback', element: page(AuthCallbackPage) },
      { path: 'auth/facebook/callback', element: page(AuthCallbackPage) },
      { path: 'alerts', element: <Navigate to="/live-feeds" replace /> },
      { path: 'live-feeds', element: page(LiveFeedsPage) },
      { path: 'forecast', element: page(ForecastPage) },
      { path: 'news-guides', element: page(NewsPage) },
      { path: 'news', element: page(NewsPage) },
      { path: 'news-guides/:slug', element: page(ArticlePage) },
      { path: 'guide', element: page(GuidePage) },
      { path: 'sdo', element: page(SdoPage) },
      { path: 'sdo-test', element: page(SdoTestPage) },
      { path: 'settings', element: <RequireSignedIn>{page(SettingsPage)}</RequireSignedIn> },
      { path: 'about', element: page(AboutPage) },
      { path: 'contact', element: page(ContactPage) },
      { path: 'terms', element: page(TermsPage) },
      { path: 'privacy', element: page(PrivacyPage) },
      { path: 'cookies', element: page(CookiesPage) },
      { path: 'debug/api', element: <DebugOnly>{page(ApiDebugPage)}</DebugOnly> },
      { path: 'debug/ads', element: <DebugOnly>{page(AdDebugPage)}</DebugOnly> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
