import { lazy, memo, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ensureConsent } from '../lib/consent.ts';
import { grantConsent, scheduleAnalyticsLoad, trackPageView } from '../lib/analytics.ts';
import { useIsOnline } from '../lib/network/useNetworkStatus.ts';
import { isDebugMode } from '../lib/storage.ts';
import { AdSlot } from '../ui/AdSlot.tsx';
import { useAfterFirstPaint } from '../ui/useAfterFirstPaint.ts';
import { scrollToHash } from '../ui/useScrollToHash.ts';
import { preloadForRoute } from '../pwa/preloadForRoute.ts';
import { ApiErrorBanner } from './banners/ApiErrorBanner.tsx';
import { ConnectivityBanner } from './banners/ConnectivityBanner.tsx';
import { Toaster } from './banners/Toaster.tsx';
import { UpdateControl } from './banners/UpdateControl.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSidebarCollapsed } from './sidebarState.ts';
import { Starfield } from './Starfield.tsx';

// Debug panels are their own chunk: nobody but a developer downloads them.
const DebugOverlays = lazy(() =>
  import('../features/debug/DebugOverlays.tsx').then((m) => ({ default: m.DebugOverlays })),
);

// The shell's big static parts re-render only when their own props or hooks change, not on every
// Layout render (each network-status change re-renders Layout): the navigations and the footer
// are ~40 router links, and re-rendering them all was a noticeable share of the main thread's
// first seconds on a phone.
const ShellHeader = memo(Header);
const ShellSidebar = memo(Sidebar);
const ShellFooter = memo(Footer);
const ShellBottomNav = memo(BottomNav);
const Sky = memo(Starfield);

function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (ensureConsent()) grantConsent();
    scheduleAnalyticsLoad();
  }, []);
  useEffect(() => {
    // After the page's own title effect has run, so the event carries the right title.
    const timer = setTimeout(() => trackPageView(pathname, document.title), 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}

function useRouteEffects() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    // A new route starts at the top. Not on the first screen: a page opens at the top anyway (or
    // where the browser restores it), and scrollTo forces a whole-page layout inside React's first
    // commit (~36 ms unthrottled in Lighthouse's trace, a long task on a phone).
    // A link to a part of the new screen (`#…`) brings that part into view instead; a part the
    // screen renders later is brought into view by the screen (useScrollToHash).
    if (shown.current !== null && shown.current !== pathname && !scrollToHash(location.hash))
      window.scrollTo?.({ top: 0 });
    shown.current = pathname;
    // Each route preloads what its next steps need, 300 ms after it shows.
    return preloadForRoute(pathname);
  }, [pathname]);
}

/** The page shell every screen lives in. */
export function Layout() {
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  const isOnline = useIsOnline();
  const { pathname } = useLocation();
  usePageViews();
  useRouteEffects();
  const isMap = pathname === '/';
  // The footer (~30 links, below the fold on every screen) joins after the first paint: the
  // prerendered HTML has none, so React's first commit would create it in the same long task.
  const footerReady = useAfterFirstPaint();
  return (
    <div className={collapsed ? 'app app--sidebar-collapsed' : 'app'}>
      <Sky />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ShellHeader />
      <ShellSidebar collapsed={collapsed} onToggle={toggleSidebar} />
      <main id="main" className={isMap ? 'app__main app__main--map' : 'app__main'} tabIndex={-1}>
        <div className="app__notices">
          <ApiErrorBanner />
          <ConnectivityBanner online={isOnline} />
          <UpdateControl />
        </div>
        {isMap ? <AdSlot id="home-top-banner" /> : null}
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      {footerReady && <ShellFooter />}
      <ShellBottomNav />
      <Toaster />
      {isDebugMode() ? (
        <Suspense fallback={null}>
          <DebugOverlays />
        </Suspense>
      ) : null}
    </div>
  );
}
