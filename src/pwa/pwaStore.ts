/**
 * The page's one view of the service worker, shared by registerServiceWorker (which feeds it) and
 * the hooks (which read it through useSyncExternalStore).
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
let registration: ServiceWorkerRegistration | null = null;
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

export function getRegistration(): ServiceWorkerRegistration | null {
  return registration;
}

export function setRegistration(r: ServiceWorkerRegistration | null): void {
  registration = r;
}
