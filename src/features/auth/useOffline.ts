import { useNetworkStatus } from '../../lib/network/useNetworkStatus.ts';

/** True when the browser is offline or the user chose Go Offline: sign-in calls would only hang. */
export function useOffline(): boolean {
  const { isOnline, forcedOffline } = useNetworkStatus();
  return !isOnline || forcedOffline;
}
