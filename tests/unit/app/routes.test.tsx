// @vitest-environment jsdom
// Some screens read IndexedDB (settings, the debug overlays); jsdom has none.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authValue,
  MAP_MARKER_TEST_ID,
  renderApp,
  SIGNED_IN_USER,
} from '../../support/renderApp.tsx';

beforeEach(() => {
  localStorage.clear();
});

async function heading(name: string) {
  const found = await screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
  // The route's frame shows the same h1 while the screen's code loads: wait for the screen itself.
  await waitFor(() => expect(screen.queryByText('Loading content...')).toBeNull(), {
    timeout: 10_000,
  });
  return found;
}

/**
 * Renders `path` with a marker in place of the map page (OpenLayers cannot start in jsdom) and
 * waits until the router has landed on `/` and drawn what is there.
 */
async function landsOnMap(path: string, auth?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(path, auth, { map: 'marker' });
  await waitFor(() => expect(app.location().pathname).toBe('/'));
  expect(await screen.findByTestId(MAP_MARKER_TEST_ID)).toBeTruthy();
  return app;
}

describe('routes and redirects', () => {
  it('starts a newly opened route at the top, but never scrolls (a forced layout) when the first screen mounts', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    try {
      const { navigate } = renderApp('/about');
      await heading('About Us');
      expect(scrollTo).not.toHaveBeenCalled();
      await act(() => navigate('/contact'));
      await heading('Contact Us');
      expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends /alerts to /live-feeds, replacing the history entry', async () => {
    const { location } = renderApp('/alerts');
    await heading('Live Aurora Feeds');
    expect(location().pathname).toBe('/live-feeds');
    expect(location().action).toBe('REPLACE');
  });

  it('sends unknown paths to /', async () => {
    await landsOnMap('/no/such/page');
  });

  it('sends signed-out visitors from /settings to /login', async () => {
    const { location } = renderApp('/settings');
    await heading('Sign In');
    expect(location().pathname).toBe('/login');
  });

  it('opens /settings for a signed-in user', async () => {
    const { location } = renderApp('/settings', authValue('signed-in', SIGNED_IN_USER));
    await heading('Settings');
    expect(location().pathname).toBe('/settings');
  });

  it('waits while the session is still loading, its title on screen, instead of redirecting', async () => {
    const { location } = renderApp('/settings', authValue('loading'));
    expect(await screen.findByText('Loading content...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
    expect(location().pathname).toBe('/settings');
  });

  it('sends signed-in users away from /login and /signup', async () => {
    const signedIn = authValue('signed-in', SIGNED_IN_USER);
    await landsOnMap('/login', signedIn);
    cleanup();
    await landsOnMap('/signup', signedIn);
  });

  it('hides the debug routes unless debug-mode is on', async () => {
    await landsOnMap('/debug/api');
    cleanup();
    localStorage.setItem('debug-mode', 'true');
    const on = renderApp('/debug/ads');
    await waitFor(() => expect(on.location().pathname).toBe('/debug/ads'));
    await heading('Ad Debug');
  });

  it.each([
    ['/forecast', 'Aurora Forecast'],
    ['/live-feeds', 'Live Aurora Feeds'],
    ['/news-guides', 'Space News'],
    ['/news', 'Space News'],
    ['/guide', 'Aurora Guides'],
    ['/sdo', 'Solar Data'],
    ['/signup', 'Sign Up'],
    ['/about', 'About Us'],
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms & Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/cookies', 'Cookie Policy'],
    [
      '/news-guides/understanding-aurora-forecasts-kp-index',
      'Understanding Aurora Forecasts and the Kp Index',
    ],
  ])('renders %s with exactly one h1, "%s"', async (path, title) => {
    renderApp(path);
    await heading(title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the current pathname and the solar imagery on /sdo-test', async () => {
    renderApp('/sdo-test');
    expect((await screen.findByTestId('pathname')).textContent).toBe('/sdo-test');
    expect(screen.getByRole('heading', { name: /Solar Dynamics Observatory/ })).toBeTruthy();
  });

  it('sends a page_view on every route change, plus the virtual page views', async () => {
    const layer: Record<string, unknown>[] = [];
    (globalThis as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer = layer;
    const { navigate } = renderApp('/contact');
    await heading('Contact Us');
    await waitFor(() =>
      expect(layer).toContainEqual(
        expect.objectContaining({ event: 'page_view', page_path: '/contact' }),
      ),
    );
    expect(layer).toContainEqual(
      expect.objectContaining({ event: 'virtual_page_view', page_path: '/virtual/contact' }),
    );
    await act(() => navigate('/forecast'));
    await heading('Aurora Forecast');
    await waitFor(() =>
      expect(layer).toContainEqual(
        expect.objectContaining({ event: 'page_view', page_path: '/forecast' }),
      ),
    );
    expect(layer.filter((e) => e.event === 'page_view')).toHaveLength(2);
  });

  it('says honestly when an article does not exist, with a way back', async () => {
    renderApp('/news-guides/no-such-article');
    await heading('Article not found');
    expect(screen.getByRole('link', { name: 'Back to Space News' }).getAttribute('href')).toBe(
      '/news-guides',
    );
  });
});
