/**
 * Vite plugin: prerenders the app's shell into the HTML of every route in PRERENDERED_ROUTES
 * (`/forecast` → `forecast.html`, `/` → `index.html`, anything else → `shell.html`), so a phone
 * paints the header, the navigation and the route's h1 and frame from the first bytes, before
 * ~1 MB of JavaScript has arrived and run. The entry stylesheet is inlined for the same reason
 * (one round trip less before the first paint), and the entry script is loaded only once that
 * shell is painted (./bootAfterPaint.ts).
 *
 * React then takes the page over with createRoot (src/main.tsx), which replaces the prerendered
 * markup at its first commit: no hydration contract to keep (the header's auth state, the
 * sidebar's stored width and the network badge differ per visitor), and nothing flashes, since
 * the markup stays on screen until React's first frame replaces it with the same shell — and the
 * same route frame (src/app/RouteFrame.tsx: h1, lead line, loading line), which the lazy route
 * shows until its code is in.
 */
import type { Plugin } from 'vite';
import { bootAfterPaint } from './bootAfterPaint.ts';
import { themeBeforePaint } from './themeBeforePaint.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { BottomNav } from '../../src/app/BottomNav.tsx';
import { Logo } from '../../src/app/Logo.tsx';
import { Sidebar } from '../../src/app/Sidebar.tsx';
import { ROUTE_TITLES, RouteFrame } from '../../src/app/RouteFrame.tsx';
import {
  GENERIC_SHELL_FILE,
  PRERENDERED_ROUTES,
  prerenderedFileFor,
} from '../../src/sw/navigationRules.ts';

/** The shell of src/app/Layout.tsx as static markup (`path` null: the generic shell). */
function renderShell(path: string | null): string {
  const at = path ?? '/__shell';
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <div className="app" data-prerendered="">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="app-header">
          <a href="/" className="app-header__logo" aria-label="Aurora — home">
            <Logo />
          </a>
          <div className="app-header__actions">
            <span className="app-header__auth-pending" aria-hidden="true" />
          </div>
        </header>
        <Sidebar collapsed={false} onToggle={() => undefined} />
        <main
          id="main"
          className={path === '/' ? 'app__main app__main--map' : 'app__main'}
          tabIndex={-1}
        >
          <RouteFrame path={path} />
        </main>
        <BottomNav />
      </div>
    </MemoryRouter>,
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with the shell of `path` in its root (and the route's title). */
export function prerenderHtml(
  template: string,
  path: string | null,
  inlineCss: Map<string, string> = new Map(),
): string {
  let html = template.replace(
    /<div id="root"><\/div>/,
    () => `<div id="root">${renderShell(path)}</div>`,
  );
  if (path !== null && path !== '/') {
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(`${ROUTE_TITLES[path]} · Aurora`)}</title>`,
    );
  }
  // The entry stylesheet (a few KB) inline: the first paint waits for no second request.
  html = html.replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = inlineCss.get(file);
      if (css === undefined) return tag;
      // The disabled link is never fetched, but the preload helper (./preloadByImport.ts) reads
      // the document's stylesheet links to know what is loaded: without it, the first lazy chunk that lists this
      // stylesheet among its dependencies would fetch it and apply it a second time.
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;
    },
  );
  // The entry loads once the shell is painted (./bootAfterPaint.ts), in the device's theme from
  // the first frame (./themeBeforePaint.ts).
  return bootAfterPaint(themeBeforePaint(html));
}

/** Largest stylesheet worth inlining into every HTML file. */
const MAX_INLINE_CSS = 48 * 1024;

export function prerenderShell(): Plugin {
  return {
    name: 'aurora:prerender-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const template = String(index.source);
        const css = new Map<string, string>();
        for (const [name, out] of Object.entries(bundle)) {
          if (
            out.type === 'asset' &&
            name.endsWith('.css') &&
            String(out.source).length <= MAX_INLINE_CSS
          )
            css.set(name, String(out.source));
        }
        index.source = prerenderHtml(template, '/', css);
        for (const path of PRERENDERED_ROUTES) {
          if (path === '/') continue;
          this.emitFile({
            type: 'asset',
            fileName: prerenderedFileFor(path),
            source: prerenderHtml(template, path, css),
          });
        }
        this.emitFile({
          type: 'asset',
          fileName: GENERIC_SHELL_FILE,
          source: prerenderHtml(template, null, css),
        });
      },
    },
  };
}
