/** Names shared by the page (src/pwa) and the service worker: change both sides together. */

export const SW_MESSAGES = {
  /** Page → worker: activate the waiting version now (Update Now). */
  skipWaiting: 'SKIP_WAITING',
  /** Page → worker: `{ type, forced }`, the user's Go Offline choice changed (src/sw/forcedOffline.ts). */
  forcedOffline: 'FORCED_OFFLINE',
} as const;

/** Background sync tag `sync-aurora-data`: the worker refreshes products; open pages replay their request queue. */
export const SYNC_TAG = 'sync-aurora-data';
/** Periodic background sync tag (installed app only, Chromium). */
export const PERIODIC_SYNC_TAG = 'aurora-periodic-refresh';
/** How often Chromium may wake us for periodic sync; at most every 30 min. */
export const PERIODIC_SYNC_MIN_INTERVAL_MS = 30 * 60 * 1000;

/** The sync and periodicsync events, which TypeScript's WebWorker lib does not describe. */
export interface SyncEventLike {
  tag: string;
  lastChance?: boolean;
  waitUntil(p: Promise<unknown>): void;
}
