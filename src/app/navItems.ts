/** The navigation: the items, in order, and which paths light each one up. */
type NavIcon = 'map' | 'sun' | 'forecast' | 'feeds' | 'guide' | 'news' | 'settings';

export interface NavItem {
  to: string;
  label: string;
  /** The bottom bar's label, where seven items share a phone's width. */
  short: string;
  icon: NavIcon;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Aurora Map', short: 'Map', icon: 'map' },
  { to: '/sdo', label: 'Solar Data', short: 'Sun', icon: 'sun' },
  { to: '/forecast', label: 'Aurora Forecast', short: 'Forecast', icon: 'forecast' },
  { to: '/live-feeds', label: 'Live Aurora Feeds', short: 'Live', icon: 'feeds' },
  { to: '/guide', label: 'Aurora Guides', short: 'Guides', icon: 'guide' },
  { to: '/news-guides', label: 'Space News', short: 'News', icon: 'news' },
  { to: '/settings', label: 'Settings', short: 'Settings', icon: 'settings' },
];

/** On desktop Settings sits apart at the bottom of the sidebar. */
export const SIDEBAR_MAIN_ITEMS = NAV_ITEMS.filter((item) => item.to !== '/settings');
export const SETTINGS_ITEM = NAV_ITEMS.find((item) => item.to === '/settings') as NavItem;

function isAtOrUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Whether a nav item is highlighted for a path. The map only on `/` itself; Live Aurora Feeds
 * also on /alerts; Space News on /news-guides, any subpath, and /news.
 */
export function isNavItemActive(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (to) {
    case '/':
      return path === '/';
    case '/live-feeds':
      return isAtOrUnder(path, '/live-feeds') || isAtOrUnder(path, '/alerts');
    case '/news-guides':
      return isAtOrUnder(path, '/news-guides') || isAtOrUnder(path, '/news');
    default:
      return isAtOrUnder(path, to);
  }
}
