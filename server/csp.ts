/**
 * Hosts the app itself uses beyond its own origin (the SWPC fallback; analytics and ads
 * scripts). SDO pictures come through our own `sdo-image` function, so NASA's host is not here.
 */
const APP_DATA_HOSTS = ['https://services.swpc.noaa.gov'];
const APP_SCRIPT_HOSTS = [
  'https://www.googletagmanager.com',
  'https://pagead2.googlesyndication.com',
];

/**
 * Where the social sign-in providers serve profile pictures (the user menu shows them). Only in
 * img-src; a picture from elsewhere falls back to initials (src/features/auth/UserAvatar.tsx), or
 * its host can be added with CSP_HOSTS.
 */
export const AVATAR_HOSTS = [
  'https://*.googleusercontent.com',
  'https://avatars.githubusercontent.com',
  'https://*.fbcdn.net',
  'https://platform-lookaside.fbsbx.com',
];

import { createHash } from 'node:crypto';
import { BOOT_SCRIPT } from '../core/boot/bootScript.ts';
import { THEME_SCRIPT } from '../core/boot/themeScript.ts';

/** `'sha256-…'`: the CSP source that allows one inline script's exact text and nothing else. */
const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const BOOT_SCRIPT_CSP_SOURCE = hashSource(BOOT_SCRIPT);
const THEME_SCRIPT_CSP_SOURCE = hashSource(THEME_SCRIPT);

const valid = (h: string) => /^(https?:\/\/|wss?:\/\/)?[a-z0-9.*-]+(:\d+)?$/i.test(h);

/**
 * The app's Content-Security-Policy: our own origin, the hosts the app uses, and hosts named in
 * configuration (for example a map tile server). Inline styles are allowed because React and
 * OpenLayers set style attributes; WebAssembly compilation is allowed for libraries that ship wasm.
 * The two inline scripts, the page's boot (core/boot/bootScript.ts) and the night-mode choice
 * applied before the first paint (core/boot/themeScript.ts), are allowed by their hashes.
 */
export function contentSecurityPolicy(extraHosts: string[]): string {
  const data = [...APP_DATA_HOSTS, ...extraHosts.filter(valid)].join(' ');
  const scripts = APP_SCRIPT_HOSTS.join(' ');
  return [
    `default-src 'self'`,
    `script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE} ${THEME_SCRIPT_CSP_SOURCE} 'wasm-unsafe-eval' ${scripts}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${data} ${AVATAR_HOSTS.join(' ')}`,
    `connect-src 'self' ${data}`,
    `font-src 'self' data:`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
