import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { sharedChunkWorkers } from './scripts/vite/sharedChunkWorkers.ts';
import { prerenderShell } from './scripts/vite/prerenderShell.tsx';
import { precompress } from './scripts/vite/precompress.ts';
import { preloadByImport } from './scripts/vite/preloadByImport.ts';
import { stacklessReactSentinels } from './scripts/vite/stacklessReactSentinels.ts';
import { lazyUplotIntlPlugin } from './scripts/vite/lazyUplotIntl.ts';
import { staticHostHeaders } from './scripts/vite/staticHostHeaders.ts';
import { RESOLVE_CONDITIONS } from './scripts/vite/resolveConditions.ts';

// APP_VERSION lets a test build the same tree twice as two versions (the update-flow test).
const appVersion = process.env.APP_VERSION ?? pkg.version;

const THEME = '#0b1020';

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  build: {
    outDir: process.env.OUT_DIR ?? 'dist',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React DOM and the router in chunks of their own: the page's boot evaluates each in a
          // task of its own (scripts/vite/bootAfterPaint.ts), so no single task evaluates all of
          // the entry.
          groups: [
            {
              name: 'react-dom',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]reactRuntime\.ts$/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  // rxjs in its ES2015 build (scripts/vite/resolveConditions.ts).
  resolve: { conditions: RESOLVE_CONDITIONS },
  worker: { format: 'es' },
  plugins: [
    react(),
    preloadByImport(),
    stacklessReactSentinels(),
    lazyUplotIntlPlugin(),
    sharedChunkWorkers(),
    prerenderShell(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page owns the update UX (src/pwa/usePwaUpdate.ts): a new worker waits until the user says so.
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // Chromium rejects the ES-format worker that Vite 8's rolldown emits by default.
        rollupFormat: 'iife',
        // Everything the app can show offline: the shell, every lazy route chunk (all of assets/),
        // the bundled content (news, guides) and the icons. Screenshots are only for install UIs.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,json,webmanifest,woff2,md,txt}'],
        // The web manifest and its icons are added by the plugin itself: not twice.
        globIgnores: ['screenshots/**', 'manifest.webmanifest'],
        // The largest legitimate asset is the OpenLayers map chunk; nothing should come near this.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      // favicon.svg and apple-touch-icon.png are in globPatterns already.
      includeManifestIcons: false,
      manifest: {
        name: 'Aurora — Aurora Tracker & Space Weather',
        short_name: 'Aurora',
        description:
          'Real-time aurora tracking and space-weather forecasting: the aurora oval, Kp, solar wind and forecasts, even offline.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME,
        background_color: THEME,
        categories: ['weather', 'education', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The aurora map with the sidebar on a desktop screen',
          },
          {
            src: '/screenshots/narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The aurora map with the bottom navigation bar on a phone',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // What a static host (Netlify, Cloudflare Pages) needs to send what the gateway sends.
    staticHostHeaders(),
    // Last: compresses everything the build wrote, the service worker included.
    precompress(),
  ],
});
