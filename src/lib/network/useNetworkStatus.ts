import { useEffect, useSyncExternalStore } from 'react';
import type { NetworkStatus } from './networkMonitor.ts';
import { networkStore, setForcedOffline, startNetworkMonitor } from './networkMonitor.ts';

export type { NetworkStatus } from './networkMonitor.ts';
export { setForcedOffline, subscribeForcedOffline, onRefreshRequested } from './networkMonitor.ts';

/** Spec §3 network status, live; the first caller starts the monitor (checks every 60 s). */
export function useNetworkStatus(): NetworkStatus & { setForcedOffline: (forced: boolean) => void } {
  useEffect(() => {
    startNetworkMonitor();
  }, []);
  const status = useSyncExternalStore(networkStore.subscribe, networkStore.get, networkStore.get);
  return { ...status, setForcedOffline };
}
