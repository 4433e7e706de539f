/**
 * The service worker's status by the platform's events, not by polling: a registration's
 * `updatefound` (a new worker is installing) and each new worker's `statechange` (installed,
 * activating, activated, redundant) say every change of `installing`, `waiting` and `active`; the
 * container's `controllerchange` says a new controller. workbox-window follows only the worker it
 * registered; these also catch one found by another tab or by the browser's own update check.
 */

type Refresh = () => void;

/** Calls `refresh` at every change of the registration's workers; returns the stop function. */
export function followRegistration(
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'addEventListener'> &
    Partial<Pick<ServiceWorkerRegistration, 'removeEventListener' | 'waiting' | 'active'>>,
  refresh: Refresh,
): () => void {
  const followed = new Set<ServiceWorker>();
  const follow = (worker: ServiceWorker | null | undefined) => {
    if (!worker || followed.has(worker)) return;
    followed.add(worker);
    worker.addEventListener('statechange', refresh);
  };
  const onUpdateFound = () => {
    follow(registration.installing);
    refresh();
  };
  follow(registration.installing);
  follow(registration.waiting);
  registration.addEventListener('updatefound', onUpdateFound);
  return () => {
    registration.removeEventListener?.('updatefound', onUpdateFound);
    for (const worker of followed) worker.removeEventListener('statechange', refresh);
    followed.clear();
  };
}

export interface StatusWatch {
  /** Polls while at least one watcher is on; returns this watcher's stop. */
  watch(): () => void;
}

/**
 * The status poll, on only while something watches (a status on screen): `refresh` at once when
 * the first watcher comes, then every `everyMs`; no timer once the last one goes.
 */
export function createStatusWatch(
  refresh: Refresh,
  everyMs: number,
  deps: { setInterval(fn: () => void, ms: number): () => void },
): StatusWatch {
  let watchers = 0;
  let stop: (() => void) | null = null;
  return {
    watch() {
      watchers++;
      if (watchers === 1) {
        refresh();
        stop = deps.setInterval(refresh, everyMs);
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        watchers--;
        if (watchers === 0) {
          stop?.();
          stop = null;
        }
      };
    },
  };
}
