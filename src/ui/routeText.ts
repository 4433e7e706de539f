/**
 * The h1 and lead line of each screen whose words do not depend on the visitor: its page renders
 * them, and the build prerenders them into the route's HTML (scripts/vite/prerenderShell.tsx), so
 * the first paint already holds the screen's largest text and React's takeover repaints the same.
 * `wide` is the page's wide layout, so the prerendered frame has the same width.
 */
export interface RouteText {
  title: string;
  lead: string;
  wide?: boolean;
}

export const ROUTE_TEXT = {
  '/sdo': {
    title: 'Solar Data',
    lead: "The Sun in extreme ultraviolet and visible light from NASA's Solar Dynamics Observatory.",
    wide: true,
  },
  '/forecast': {
    title: 'Aurora Forecast',
    lead: "NOAA SWPC's forecasts of geomagnetic activity, kept on this device so they read offline.",
  },
  '/live-feeds': {
    title: 'Live Aurora Feeds',
    lead: 'Alerts, watches and warnings from NOAA SWPC, and the solar wind measured upstream of Earth.',
  },
  '/guide': {
    title: 'Aurora Guides',
    lead: 'Everything you need to find, understand and photograph the northern and southern lights.',
    wide: true,
  },
  '/news-guides': {
    title: 'Space News',
    lead: 'Space-weather news and explainers from the Aurora team. Every article is stored with the app, so it reads offline.',
    wide: true,
  },
  '/login': {
    title: 'Sign In',
    lead: 'Sign in to keep your map preferences on every device.',
  },
  '/signup': {
    title: 'Sign Up',
    lead: 'Create an account to keep your map preferences on every device.',
  },
  '/about': {
    title: 'About Us',
    lead: 'Aurora is a free, installable aurora tracker built to keep working where the aurora is: far from cell towers.',
  },
  '/contact': {
    title: 'Contact Us',
    lead: 'Questions, bug reports and aurora photos are all welcome.',
  },
  '/terms': {
    title: 'Terms & Conditions',
    lead: 'The short version: Aurora is a free tool that shows public forecasts; use your own judgement outdoors.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    lead: 'What Aurora keeps, where, and why. Most of it never leaves your device.',
  },
  '/cookies': {
    title: 'Cookie Policy',
    lead: 'Aurora itself needs no cookies. Analytics and ads on the public site may set some, with your consent.',
  },
} as const satisfies Record<string, RouteText>;
