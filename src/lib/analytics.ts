import { config, thirdPartyAllowed } from './config.ts';

/** The two articles whose reads are tracked on their own (a virtual page view each). */
export const TRACKED_ARTICLE_SLUGS = [
  'aurora-viewing-tutorial',
  'understanding-aurora-forecasts-kp-index',
] as const;

const VIRTUAL_SECTIONS = ['/contact', '/cookies', '/news-guides', '/photos', '/terms'] as const;

/**
 * The virtual page views a path produces, besides its page_view: one per section the path
 * contains and one per tracked article. Pure, so the rules are tested without a tag manager.
 */
export function virtualPageViewsFor(pathname: string): string[] {
  const path = pathname.toLowerCase();
  const views: string[] = VIRTUAL_SECTIONS.filter((section) => path.includes(section)).map(
    (section) => `virtual${section}`,
  );
  for (const slug of TRACKED_ARTICLE_SLUGS) {
    if (path.includes(`/news-guides/${slug}`)) views.push(`virtual/article/${slug}`);
  }
  return views;
}

type DataLayerEntry = Record<string, unknown> | IArguments;
interface AnalyticsWindow {
  dataLayer?: DataLayerEntry[];
  gtag?: (...args: unknown[]) => void;
}

function analyticsWindow(): AnalyticsWindow {
  return globalThis as unknown as AnalyticsWindow;
}

/** gtag's own shim: queue calls on dataLayer until the real script replaces them. */
function gtag(...args: unknown[]): void {
  const w = analyticsWindow();
  w.dataLayer ??= [];
  if (w.gtag) w.gtag(...args);
  // eslint-disable-next-line prefer-rest-params -- gtag expects the arguments object itself.
  else w.dataLayer.push(arguments);
}

/** With consent, analytics and ad storage are granted. */
export function grantConsent(): void {
  gtag('consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted' });
}

/** A page_view to the tag manager and the conversion tag, plus the path's virtual page views. */
export function trackPageView(pathname: string, title: string): void {
  const w = analyticsWindow();
  w.dataLayer ??= [];
  w.dataLayer.push({ event: 'page_view', page_path: pathname, page_title: title });
  if (config.conversionId)
    gtag('event', 'page_view', { send_to: config.conversionId, page_path: pathname });
  for (const virtualPath of virtualPageViewsFor(pathname)) {
    w.dataLayer.push({
      event: 'virtual_page_view',
      page_path: `/${virtualPath}`,
      page_title: title,
    });
  }
}

/** The analytics loader starts 3 s after idle (and never on localhost). */
const ANALYTICS_DELAY_MS = 3000;

export function shouldLoadAnalytics(opts: {
  production: boolean;
  hostname: string;
  tagManagerId: string;
}): boolean {
  return opts.tagManagerId !== '' && thirdPartyAllowed(opts.production, opts.hostname);
}

let scheduled = false;

/** Loads the tag manager 3 s after the browser goes idle — never on localhost or in dev builds. */
export function scheduleAnalyticsLoad(): void {
  if (scheduled) return;
  if (!shouldLoadAnalytics({ ...config, hostname: location.hostname })) return;
  scheduled = true;
  const load = () => {
    const w = analyticsWindow();
    w.dataLayer ??= [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${config.tagManagerHost}/gtm.js?id=${encodeURIComponent(config.tagManagerId)}`;
    document.head.appendChild(script);
  };
  const afterIdle = () => setTimeout(load, ANALYTICS_DELAY_MS);
  if ('requestIdleCallback' in window) window.requestIdleCallback(afterIdle);
  else afterIdle();
}
