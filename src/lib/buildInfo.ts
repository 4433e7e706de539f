/// <reference types="vite/client" />
// The reference above lets this file type-check under every tsconfig that reaches it (the Node
// config includes tests, which import the shell): it declares import.meta.env and `?raw` imports.

/** Baked in by Vite's `define` (vite.config.ts, vitest.config.ts). */
declare const __APP_VERSION__: string;

export const APP_VERSION: string = __APP_VERSION__;

/** Build-time variables (VITE_*), as strings; unset ones are absent. */
export const BUILD_ENV = import.meta.env as unknown as Record<string, string | boolean | undefined>;

/** True in production builds only. */
export const IS_PRODUCTION: boolean = import.meta.env.PROD === true;
