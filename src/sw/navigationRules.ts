/**
 * Which navigations the service worker answers with the app shell. Backend paths live on the same
 * origin (the gateway) and must reach the network; `/auth/callback` is an app route, so only the
 * auth API (`/auth/v1/`) is excluded, not all of `/auth/`.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/rest\//,
  /^\/auth\/v1(\/|$)/,
  /^\/functions\//,
  /^\/realtime\//,
  /^\/storage\//,
  /^\/api\//,
  // Files with an extension (sw.js, manifest, content) are not app routes.
  /\/[^/?]+\.[a-z0-9]+$/i,
];

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname));
}

/**
 * App routes whose shell (header, navigation, the route's h1 and frame) the build prerenders
 * into `<route>.html` (scripts/vite/prerenderShell.tsx): the gateway and the service worker answer
 * a navigation to one of them with that file, so the browser paints the page from its first bytes.
 */
export const PRERENDERED_ROUTES: readonly string[] = [
  '/',
  '/sdo',
  '/forecast',
  '/live-feeds',
  '/guide',
  '/news-guides',
  '/news',
  '/settings',
  '/login',
  '/signup',
  '/auth/callback',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
];

/** The generic shell (header and navigation, no route content) for every other app path. */
export const GENERIC_SHELL_FILE = 'shell.html';

/** The prerendered file a navigation to `pathname` is answered with (relative to the app's root). */
export function prerenderedFileFor(pathname: string): string {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/' || p === '') return 'index.html';
  return PRERENDERED_ROUTES.includes(p) ? `${p.slice(1)}.html` : GENERIC_SHELL_FILE;
}
