import { defaultClientConditions } from 'vite';

/**
 * The package export conditions the app's build resolves with (vite.config.ts, and the test pages
 * built like it: tests/support/buildTestPage.ts). `es2015` first: rxjs (RxDB's observables) then
 * comes from its ES2015 build instead of its ES5 one — classes instead of tslib's helpers, ~1.4 KB
 * gzip less in `/`'s first load (bundle.initialGzipKB).
 */
export const RESOLVE_CONDITIONS = ['es2015', ...defaultClientConditions];
