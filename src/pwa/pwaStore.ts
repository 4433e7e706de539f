/**
 * The page's one view of the service worker, shared by registerServiceWorker (which feeds it from
 * workbox-window's events and the 30 s poll) and the hooks (which read it through
 * useSyncExternalStore). It adds what workbox-window does not keep: the user's Later.
 */
import {
  UNSUPPORTED_STATUS,
  isUpdateAvailable,
  type ServiceWorkerStatus,
} from './serviceWorkerStatus.ts';

export interface PwaState {
  status: ServiceWorkerStatus;
  /** A new version is installed and waiting for Update Now. */
  updateAvailable: boolean;
  /** The user chose Later for this waiting version. */
  dismissed: boolean;
  lastCheck: number | null;
}

let state: PwaState = {
  status: UNSUPPORTED_STATUS,
  updateAvailable: false,
  dismissed: false,
  lastCheck: null,
};
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setPwaState(patch: Partial<Omit<PwaState, 'updateAvailable'>>): void {
  const next = { ...state, ...patch };
  next.updateAvailable = isUpdateAvailable(next.status);
  // A newly found version is offered again even if the user put off the previous one.
  if (next.updateAvailable && !state.updateAvailable) next.dismissed = patch.dismissed ?? false;
  if (
    next.updateAvailable === state.updateAvailable &&
    next.dismissed === state.dismissed &&
    next.lastCheck === state.lastCheck &&
    JSON.stringify(next.status) === JSON.stringify(state.status)
  ) {
    return;
  }
  state = next;
  for (const l of listeners) l();
}
