/**
 * Hands the user's Go Offline choice to the parts of the app that cannot read the page's
 * localStorage: the service worker (which wakes for background and periodic sync, and answers
 * the page's image and tile requests) reads it from `aurora-tracking-db` when it starts and takes
 * this message after (src/sw/forcedOffline.ts). Written at every toggle and once per page load,
 * so a choice made before this copy existed, or written by another tab, reaches the worker too.
 */
import { SW_MESSAGES } from '../../sw/protocol.ts';

export interface ForcedOfflineSinks {
  /** Stores the choice in `aurora-tracking-db` (src/sw/auroraTrackingDb.ts). */
  store(forced: boolean): Promise<void>;
  /** The active service worker of this origin, if one is installed. */
  activeWorker(): Promise<Pick<ServiceWorker, 'postMessage'> | null>;
}

/** The browser's sinks; the database code is loaded only when first needed (it is not on `/`'s path). */
export const browserSinks: ForcedOfflineSinks = {
  async store(forced) {
    const { openAuroraTrackingDb, writeForcedOffline } =
      await import('../../sw/auroraTrackingDb.ts');
    const db = await openAuroraTrackingDb();
    try {
      await writeForcedOffline(db, forced);
    } finally {
      db.close();
    }
  },
  async activeWorker() {
    const container = globalThis.navigator?.serviceWorker;
    if (!container) return null;
    return (await container.getRegistration())?.active ?? null;
  },
};

let chain: Promise<void> = Promise.resolve();

/**
 * Stores and announces `forced`. Calls run one after another, so quick toggles land in order.
 * Never rejects: a storage that cannot be written (private mode) leaves the worker on its last
 * known choice, and the page, the poller and the queue still follow the page's own copy.
 */
export function persistForcedOffline(
  forced: boolean,
  sinks: ForcedOfflineSinks = browserSinks,
): Promise<void> {
  chain = chain.then(async () => {
    await sinks.store(forced).catch(() => undefined);
    const worker = await sinks.activeWorker().catch(() => null);
    worker?.postMessage({ type: SW_MESSAGES.forcedOffline, forced });
  });
  return chain;
}
