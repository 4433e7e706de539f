import { useEffect, useSyncExternalStore } from 'react';
import { feedReportStore } from '../apiErrors.ts';
import { dataServiceUnreachable } from './connectionLabel.ts';
import type { NetworkStatus } from './networkMonitor.ts';
import { networkStore, setForcedOffline, startNetworkMonitor } from './networkMonitor.ts';

export type { NetworkStatus } from './networkMonitor.ts';

/**
 * The network status, live; the first caller starts the monitor (checks every 60 s).
 * `dataServiceUnreachable`: the link may be fine while every feed's last request got no answer
 * (from the poller's reports), so the indicator does not say "Excellent connection" then.
 */
export function useNetworkStatus(): NetworkStatus & {
  setForcedOffline: (forced: boolean) => void;
  dataServiceUnreachable: boolean;
} {
  useEffect(() => {
    startNetworkMonitor();
  }, []);
  const status = useSyncExternalStore(networkStore.subscribe, networkStore.get, networkStore.get);
  const reports = useSyncExternalStore(
    feedReportStore.subscribe,
    feedReportStore.get,
    feedReportStore.get,
  );
  return {
    ...status,
    setForcedOffline,
    dataServiceUnreachable: dataServiceUnreachable(Object.values(reports)),
  };
}

const isOnlineNow = () => networkStore.get().isOnline;

/**
 * Only whether the device is online (or forced offline): the layout's one need. A check that
 * changes the link's quality but not this re-renders nothing here — the network indicator, which
 * starts the monitor, takes those.
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(networkStore.subscribe, isOnlineNow, isOnlineNow);
}
