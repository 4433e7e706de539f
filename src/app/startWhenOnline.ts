/**
 * When the page opens offline, the poller and the queue replay have nothing to do: the worker
 * would only compete with the map for the main thread while it parses and opens its database.
 * `startWhenOnline` runs `start` at once when online; when offline, on the first `online` event or
 * after `maxWaitMs` (the worker also folds in what the service worker stored, and runs retention),
 * whichever comes first, and only once.
 */
export interface StartWhenOnlineDeps {
  online: boolean;
  addOnlineListener: (fn: () => void) => () => void;
  setTimer: (fn: () => void, ms: number) => () => void;
}

const OFFLINE_START_DELAY_MS = 5000;

export function startWhenOnline(
  start: () => void,
  deps: StartWhenOnlineDeps,
  maxWaitMs = OFFLINE_START_DELAY_MS,
): void {
  if (deps.online) {
    start();
    return;
  }
  let done = false;
  const cleanups: (() => void)[] = [];
  const go = () => {
    if (done) return;
    done = true;
    for (const c of cleanups) c();
    start();
  };
  cleanups.push(deps.addOnlineListener(go));
  cleanups.push(deps.setTimer(go, maxWaitMs));
}
