/**
 * Registers the service worker and keeps the page's view of it current:
 * registration 500 ms after load and the first screen's data (./afterFirstData.ts), an update
 * check on load, status polled every 30 s, and the background sync tag. main.tsx calls
 * registerServiceWorker() once.
 */
import { getPwaState, getRegistration, setPwaState, setRegistration } from './pwaStore.ts';
import { statusFrom } from './serviceWorkerStatus.ts';
import { startInstallPromptCapture } from './installPromptStore.ts';
import { afterFirstData } from './afterFirstData.ts';
import { feedReportStore } from '../lib/apiErrors.ts';
import { networkStore } from '../lib/network/networkMonitor.ts';
import { PERIODIC_SYNC_MIN_INTERVAL_MS, PERIODIC_SYNC_TAG, SYNC_TAG } from '../sw/protocol.ts';

/** Registration waits 500 ms after load, so the worker's precache never competes with the first paint. */
const REGISTRATION_DELAY_MS = 500;
/** ...and for the first screen's data, at most this long (offline, or no data service). */
const FIRST_DATA_WAIT_MS = 10_000;
/** Service worker status poll: every 30 s. */
const STATUS_POLL_MS = 30_000;

/** Fired on window when the worker's background sync asks open pages to replay their request queue. */
const BACKGROUND_SYNC_EVENT = 'aurora:sync-aurora-data';

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, opts: { minInterval: number }): Promise<void> };
}

let started = false;
let reloadOnControllerChange = false;

function refreshStatus(): void {
  const registration = getRegistration();
  setPwaState({ status: statusFrom(true, registration, navigator.serviceWorker.controller) });
}

/** Follows an installing worker until it is installed (waiting) or gone, refreshing the status. */
function track(registration: ServiceWorkerRegistration): void {
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    worker.addEventListener('statechange', refreshStatus);
  };
  follow(registration.installing);
  registration.addEventListener('updatefound', () => {
    follow(registration.installing);
    refreshStatus();
  });
}

async function registerSyncs(registration: SyncCapableRegistration): Promise<void> {
  try {
    await registration.sync?.register(SYNC_TAG);
  } catch {
    // Background sync unsupported or refused: the page replays its queue on reconnect anyway.
  }
  try {
    if (!registration.periodicSync || !navigator.permissions) return;
    const perm = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (perm.state === 'granted') {
      await registration.periodicSync.register(PERIODIC_SYNC_TAG, {
        minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS,
      });
    }
  } catch {
    // Periodic sync is only offered to installed apps in Chromium; elsewhere there is nothing to do.
  }
}

async function register(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    setRegistration(registration);
    track(registration);
    refreshStatus();
    await registerSyncs(registration);
    // The update check on load: a new version found here shows the update banner. Not under Go
    // Offline: that means no request at all (Check Updates in the debug panel still asks).
    if (!networkStore.get().forcedOffline) await registration.update().catch(() => undefined);
    refreshStatus();
  } catch {
    // No worker (private mode, an old browser, a broken deploy): the app still runs online.
    setPwaState({ status: statusFrom(true, null, navigator.serviceWorker.controller) });
  }
}

export function registerServiceWorker(): void {
  document.documentElement.dataset.version = __APP_VERSION__;
  startInstallPromptCapture();
  if (started) return;
  started = true;
  if (!('serviceWorker' in navigator)) return;
  refreshStatus();

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    refreshStatus();
    // Only a user-approved update reloads; the first install claiming the page must not.
    if (reloadOnControllerChange) window.location.reload();
  });
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === SYNC_TAG)
        window.dispatchEvent(new CustomEvent(BACKGROUND_SYNC_EVENT));
    },
  );

  const start = () =>
    afterFirstData(
      {
        hasData: () => Object.keys(feedReportStore.get()).length > 0,
        subscribe: (listener) => feedReportStore.subscribe(listener),
        setTimer: (fn, ms) => {
          const t = window.setTimeout(fn, ms);
          return () => window.clearTimeout(t);
        },
      },
      FIRST_DATA_WAIT_MS,
      () => window.setTimeout(() => void register(), REGISTRATION_DELAY_MS),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  window.setInterval(refreshStatus, STATUS_POLL_MS);
}

/** Update Now: tell the waiting worker to take over; the page reloads when it does. */
export function applyUpdate(): boolean {
  const waiting = getRegistration()?.waiting;
  if (!waiting) return false;
  reloadOnControllerChange = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
  return true;
}

/** Waits for an installing worker to settle, so a check can answer "is there an update?". */
function settle(worker: ServiceWorker, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state !== 'installing') {
        worker.removeEventListener('statechange', done);
        clearTimeout(timer);
        resolve();
      }
    };
    const timer = setTimeout(() => {
      worker.removeEventListener('statechange', done);
      resolve();
    }, timeoutMs);
    worker.addEventListener('statechange', done);
    done();
  });
}

/**
 * Asks the server for a new worker. Resolves true when a new version is waiting; rejects when the
 * check itself failed (offline, server error), so the caller can say so.
 */
export async function checkForUpdates(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) throw new Error('Service workers are not supported');
  const registration =
    getRegistration() ?? (await navigator.serviceWorker.getRegistration()) ?? null;
  if (!registration) throw new Error('No service worker is registered');
  setRegistration(registration);
  await registration.update();
  if (registration.installing) await settle(registration.installing, 15_000);
  setPwaState({ lastCheck: Date.now() });
  refreshStatus();
  return getPwaState().updateAvailable;
}
