/** The app version baked in at build time (APP_VERSION, else package.json). */
declare const __APP_VERSION__: string;

/**
 * workbox-window's ES2017 production build (no development logging; 1.4 KB gzip where the
 * package's default `module`, its ES5 build, is 2.3 KB), which src/pwa loads: the package's API.
 */
declare module 'workbox-window/build/workbox-window.prod.mjs' {
  export { Workbox } from 'workbox-window';
}
