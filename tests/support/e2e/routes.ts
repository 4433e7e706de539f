/** Every route of the app and the h1 its screen shows (for a signed-out visitor). */
export interface RouteCase {
  path: string;
  h1: string;
  /** Where a redirect lands. */
  finalPath?: string;
}

export const ARTICLE_SLUG = 'understanding-aurora-forecasts-kp-index';

export const ROUTES: RouteCase[] = [
  { path: '/', h1: 'Aurora Map' },
  { path: '/forecast', h1: 'Aurora Forecast' },
  { path: '/live-feeds', h1: 'Live Aurora Feeds' },
  { path: '/alerts', h1: 'Live Aurora Feeds', finalPath: '/live-feeds' },
  { path: '/news-guides', h1: 'Space News' },
  { path: '/news', h1: 'Space News' },
  { path: `/news-guides/${ARTICLE_SLUG}`, h1: 'Understanding Aurora Forecasts and the Kp Index' },
  { path: '/guide', h1: 'Aurora Guides' },
  { path: '/sdo', h1: 'Solar Data' },
  { path: '/sdo-test', h1: 'Solar Data Test' },
  { path: '/login', h1: 'Sign In' },
  { path: '/signup', h1: 'Sign Up' },
  { path: '/settings', h1: 'Sign In', finalPath: '/login' },
  { path: '/about', h1: 'About Us' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/terms', h1: 'Terms & Conditions' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/cookies', h1: 'Cookie Policy' },
  { path: '/no-such-place', h1: 'Aurora Map', finalPath: '/' },
  { path: '/debug/api', h1: 'Aurora Map', finalPath: '/' },
];

/** Only while localStorage `debug-mode` is 'true'. */
export const DEBUG_ROUTES: RouteCase[] = [
  { path: '/debug/api', h1: 'API Debug' },
  { path: '/debug/ads', h1: 'Ad Debug' },
];

/** The in-app navigation items and the screen each opens. */
export const NAV_ITEMS: { label: string; path: string; h1: string }[] = [
  { label: 'Solar Data', path: '/sdo', h1: 'Solar Data' },
  { label: 'Aurora Forecast', path: '/forecast', h1: 'Aurora Forecast' },
  { label: 'Live Aurora Feeds', path: '/live-feeds', h1: 'Live Aurora Feeds' },
  { label: 'Aurora Guides', path: '/guide', h1: 'Aurora Guides' },
  { label: 'Space News', path: '/news-guides', h1: 'Space News' },
  { label: 'Settings', path: '/login', h1: 'Sign In' },
  { label: 'Aurora Map', path: '/', h1: 'Aurora Map' },
];
