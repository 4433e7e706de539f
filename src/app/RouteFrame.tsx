import { MAP_TITLE, MapPageFrame } from '../features/map/MapPageFrame.tsx';
import { CONTENT_LOADING, PageLoading } from '../ui/PageLoading.tsx';
import { ROUTE_TEXT, type RouteText } from '../ui/routeText.ts';

/** Each route's h1 where it is the same for every visitor (the same text its page gives `Page`). */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  '/': MAP_TITLE,
  ...Object.fromEntries(Object.entries(ROUTE_TEXT).map(([path, t]) => [path, t.title])),
  '/news': ROUTE_TEXT['/news-guides'].title,
  '/settings': 'Settings',
  '/auth/callback': 'Signing you in',
};

/** The words of `path`'s page header, when they are the same for every visitor. */
function routeText(path: string): RouteText | undefined {
  const key = path === '/news' ? '/news-guides' : path;
  return (ROUTE_TEXT as Readonly<Record<string, RouteText>>)[key];
}

/**
 * A route's frame while its code (or the session it depends on) loads: the map page's frame on
 * `/`, else `Page`'s header — the h1, and the lead line when its words are the same for everyone —
 * with the loading line under it. The build prerenders the same frame into each route's HTML
 * (scripts/vite/prerenderShell.tsx) and the lazy routes show it as their Suspense fallback, so the
 * title painted from the first bytes stays on screen until the page replaces it with the same
 * header. A path with no fixed title (`null`, an article) gets the loading line alone.
 */
export function RouteFrame({ path }: { path: string | null }) {
  if (path === '/') return <MapPageFrame />;
  const title = path === null ? undefined : ROUTE_TITLES[path];
  if (path === null || title === undefined) return <PageLoading text={CONTENT_LOADING} />;
  const text = routeText(path);
  // The same header markup as src/ui/Page.tsx, so the page's first render repaints what is there.
  return (
    <div className={text?.wide ? 'page page--wide' : 'page'}>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {text ? <p className="page__lead">{text.lead}</p> : null}
      </header>
      <PageLoading text={CONTENT_LOADING} />
    </div>
  );
}
