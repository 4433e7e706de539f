import { networkStore, subscribeForcedOffline } from './networkMonitor.ts';

/**
 * Whether the page may use the network, for the code that talks to our backend outside the
 * poller (the backend client, the queue replay, the auth layer's own calls, preference sync).
 * Go Offline means no request at all; offline, a request only fails.
 */

/**
 * fetch that sends nothing while the user has chosen Go Offline: it fails as a request fails with
 * no network (a TypeError), so every caller's offline handling applies unchanged — supabase-js
 * calls it a retryable network error, the queue and replication retry later.
 */
export function guardedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (networkStore.get().forcedOffline)
    return Promise.reject(new TypeError('Failed to fetch: Go Offline is on'));
  return globalThis.fetch(input, init);
}

/** The browser is online and Go Offline is off. */
export function networkAllowed(): boolean {
  return globalThis.navigator?.onLine !== false && !networkStore.get().forcedOffline;
}

/**
 * Tells `listener` when `networkAllowed()` changes: the browser's `online`/`offline` events and
 * the Go Offline toggle (this tab's or another's). Returns the unsubscribe.
 */
export function subscribeNetworkAllowed(listener: (allowed: boolean) => void): () => void {
  let last = networkAllowed();
  const check = () => {
    const now = networkAllowed();
    if (now === last) return;
    last = now;
    listener(now);
  };
  globalThis.addEventListener?.('online', check);
  globalThis.addEventListener?.('offline', check);
  const unsubscribe = subscribeForcedOffline(check);
  return () => {
    globalThis.removeEventListener?.('online', check);
    globalThis.removeEventListener?.('offline', check);
    unsubscribe();
  };
}
