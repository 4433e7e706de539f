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
