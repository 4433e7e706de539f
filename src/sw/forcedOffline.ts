/**
 * The user's Go Offline choice, as the service worker follows it. The page keeps the choice in
 * localStorage (which a service worker cannot read) and also writes it to `aurora-tracking-db`
 * and posts it to the worker (src/lib/network/persistForcedOffline.ts). The worker reads the
 * stored value when it starts (it is stopped and restarted freely by the browser) and takes
 * the page's messages after that. While forced offline it sends nothing: the runtime routes answer
 * from their caches only, and background and periodic sync do no work.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface ForcedOfflineGate {
  /** Whether the user has forced offline mode; read from storage once per worker start. */
  isForced(): Promise<boolean>;
  /** The page said so (a message), or a background refresh read it afresh: the latest word wins. */
  set(forced: boolean): void;
  /** For the runtime routes' strategies: refuses the network fetch while forced offline. */
  readonly plugin: WorkboxPlugin;
}

export function createForcedOfflineGate(read: () => Promise<boolean>): ForcedOfflineGate {
  let known: Promise<boolean> | null = null;
  // Storage that cannot be read (private mode, a broken database) counts as not forced: the
  // page's own copy still stops the page, the poller and the queue.
  const load = () => read().catch(() => false);
  const isForced = () => (known ??= load());
  return {
    isForced,
    set(forced) {
      known = Promise.resolve(forced);
    },
    plugin: {
      requestWillFetch: async ({ request }) => {
        if (await isForced()) throw new Error('Offline mode: the user chose Go Offline');
        return request;
      },
    },
  };
}
