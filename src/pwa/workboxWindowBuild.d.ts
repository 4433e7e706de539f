/**
 * workbox-window's ES2017 production build (no development logging; 1.4 KB gzip where the
 * package's default `module`, its ES5 build, is 2.3 KB): the same API, typed by the package.
 */
declare module 'workbox-window/build/workbox-window.prod.mjs' {
  export { Workbox } from 'workbox-window';
}
