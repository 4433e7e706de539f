import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getPwaState, setPwaState, subscribePwa } from './pwaStore.ts';
import {
  applyUpdate,
  checkForUpdates as check,
  watchServiceWorkerStatus,
} from './registerServiceWorker.ts';

export interface PwaUpdate {
  /** A new version is waiting and the user has not put it off. */
  updateAvailable: boolean;
  /** Skip-waiting, then reload when the new worker takes control. */
  updateNow: () => void;
  /** Hide the banner and card until the next new version. */
  later: () => void;
  /** Asks the server for a new version; rejects when the check failed. */
  checkForUpdates: () => Promise<void>;
}

export function usePwaUpdate(): PwaUpdate {
  const state = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  const updateNow = useCallback(() => {
    if (!applyUpdate()) window.location.reload();
  }, []);
  const later = useCallback(() => setPwaState({ dismissed: true }), []);
  const checkForUpdates = useCallback(() => check(), []);
  return {
    updateAvailable: state.updateAvailable && !state.dismissed,
    updateNow,
    later,
    checkForUpdates,
  };
}

/**
 * The raw worker status for the debugger (supported, registered, controller, waiting, installing):
 * followed by the worker's events, and polled every 30 s while a component using it is mounted.
 */
export function useServiceWorkerState() {
  useEffect(() => watchServiceWorkerStatus(), []);
  return useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
}
