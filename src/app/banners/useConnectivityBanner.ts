import { useCallback, useEffect, useRef, useState } from 'react';

/** The back-online banner hides after 5 s. */
const BACK_ONLINE_HIDE_MS = 5000;

export const OFFLINE_MESSAGE =
  'You are offline. Using cached data when available. Some features may be unavailable.';
export const BACK_ONLINE_MESSAGE = 'You are back online. Syncing latest data...';

export type ConnectivityBannerKind = 'offline' | 'online' | null;

/**
 * Offline shows and stays; a return to online shows "back online" for 5 s; either can
 * be dismissed, and the next change of connection shows again.
 */
export function useConnectivityBanner(online: boolean): {
  kind: ConnectivityBannerKind;
  dismiss: () => void;
} {
  const [kind, setKind] = useState<ConnectivityBannerKind>(online ? null : 'offline');
  const previous = useRef(online);

  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    setKind(online ? 'online' : 'offline');
  }, [online]);

  useEffect(() => {
    if (kind !== 'online') return;
    const timer = setTimeout(() => setKind(null), BACK_ONLINE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [kind]);

  const dismiss = useCallback(() => setKind(null), []);
  return { kind, dismiss };
}
