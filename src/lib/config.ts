import { BUILD_ENV, IS_PRODUCTION } from './buildInfo.ts';

/**
 * Deployment configuration, read once from Vite's `import.meta.env` (VITE_* variables at build
 * time). Third-party hosts and ids live here so a deployment can change them without code edits;
 * an empty id means "this integration is off".
 */
function env(name: string): string {
  const value = BUILD_ENV[name];
  return typeof value === 'string' ? value.trim() : '';
}

export interface AppConfig {
  /** Fallback latency check (GET {functions_base}/ping). */
  pingUrl: string;
  /** Analytics tag manager container id, e.g. GTM-XXXX. Empty: no analytics. */
  tagManagerId: string;
  tagManagerHost: string;
  /** Conversion tag id (the second page_view destination, beside the tag manager). */
  conversionId: string;
  /** Ad provider client id and the script host it loads from. Empty id: no ads. */
  adClientId: string;
  adScriptHost: string;
  /** True in production builds only: third-party scripts never load in dev or tests. */
  production: boolean;
  /** Where the Contact Us page sends people. */
  contactEmail: string;
  /** The footer's social links: the project's own profile on each network, '' when it has none. */
  social: { mastodon: string; bluesky: string; github: string };
}

export const config: AppConfig = {
  pingUrl: env('VITE_PING_URL') || '/functions/v1/ping',
  tagManagerId: env('VITE_TAG_MANAGER_ID'),
  tagManagerHost: env('VITE_TAG_MANAGER_HOST') || 'https://www.googletagmanager.com',
  conversionId: env('VITE_CONVERSION_ID'),
  adClientId: env('VITE_AD_CLIENT_ID'),
  adScriptHost: env('VITE_AD_SCRIPT_HOST') || 'https://pagead2.googlesyndication.com',
  production: IS_PRODUCTION,
  contactEmail: env('VITE_CONTACT_EMAIL') || 'hello@aurora-tracker.app',
  // No defaults: a network's home page is not a profile of ours, and a link there misleads.
  social: {
    mastodon: env('VITE_SOCIAL_MASTODON'),
    bluesky: env('VITE_SOCIAL_BLUESKY'),
    github: env('VITE_SOCIAL_GITHUB'),
  },
};

/** Hosts that are never "real": third-party scripts stay off there (never on localhost). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    host === ''
  );
}

/** Third-party scripts load only from production builds served on a real host. */
export function thirdPartyAllowed(production: boolean, hostname: string): boolean {
  return production && !isLocalHost(hostname);
}
