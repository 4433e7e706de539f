/**
 * Route `/`: loads the map page's chunk and shows `fallback` meanwhile. Not React.lazy inside a
 * Suspense boundary: React throttles revealing a boundary's content until 300 ms after its
 * fallback appeared (so loading states do not flicker), which put the map — the one thing this
 * route is for — at least 300 ms behind the shell's first paint. A plain state update is not held.
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

function loadMapPage(): Promise<ComponentType> {
  if (!loading) {
    // OpenLayers' chunk is fetched alongside the page's (it imports from the page's chunk, so it
    // still evaluates after it, and the page's code starts the database read first). Asked for in
    // the next task: each import's preload bookkeeping (a link element per chunk) is ~15 ms
    // unthrottled, and the two together made one long task.
    setTimeout(() => void import('./olmap/AuroraMap.tsx').catch(() => undefined), 0);
  }
  loading ??= import('./MapPage.tsx').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function MapRoute({ fallback }: { fallback: ReactNode }) {
  const [state, setState] = useState<{ Page: ComponentType | null; error: unknown }>(() => {
    // Asked for at once, but in a task of its own: the import's preload bookkeeping (a link
    // element per chunk) took ~30 ms unthrottled inside the app's first render.
    if (!loaded) setTimeout(() => void loadMapPage().catch(() => undefined), 0);
    return { Page: loaded, error: null };
  });
  useEffect(() => {
    if (state.Page) return;
    let live = true;
    loadMapPage().then(
      (Page) => live && setState({ Page, error: null }),
      (error: unknown) => live && setState({ Page: null, error }),
    );
    return () => {
      live = false;
    };
  }, [state.Page]);
  // A chunk that fails to load goes to the router's error element, as it would with React.lazy.
  if (state.error) throw state.error;
  const { Page } = state;
  return Page ? <Page /> : fallback;
}
