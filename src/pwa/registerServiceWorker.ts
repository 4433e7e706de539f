/**
 * Registers the service worker with workbox-window and keeps the page's view of it current:
 * registration 500 ms after load and the first screen's data (./afterFirstData.ts), an update
 * check on load, the status followed by the platform's events (./followServiceWorker.ts) and
 * polled every 30 s only while a status is on screen (`watchServiceWorkerStatus`), and the
 * background sync tags. main.tsx calls registerServiceWorker() once.
 *
 * workbox-window (`Workbox`) follows the worker's lifecycle (its `installed`, `waiting`,
 * `activated`, `redundant` and `controlling` events, a version already waiting at registration
 * included) and sends Update Now's skip-waiting message (`messageSkipWaiting`). It is imported
 * only when the registration is due, so it is never part of the first paint's code.
 */
import type { Workbox } from 'workbox-window';
import { setPwaState } from './pwaStore.ts';
import { statusFrom } from './serviceWorkerStatus.ts';
import { createStatusWatch, followRegistration } from './followServiceWorker.ts';
import { startInstallPromptCapture } from './installPromptStore.ts';
import { afterFirstData } from './afterFirstData.ts';
import { feedReportStore } from '../lib/apiErrors.ts';
import { networkStore } from '../lib/network/networkMonitor.ts';
import { PERIODIC_SYNC_MIN_INTERVAL_MS, PERIODIC_SYNC_TAG, SYNC_TAG } from '../sw/protocol.ts';

/** Registration waits 500 ms after load, so the worker's precache never competes with the first paint. */
const REGISTRATION_DELAY_MS = 500;
/** ...and for the first screen's data, at most this long (offline, or no data service). */
const FIRST_DATA_WAIT_MS = 10_000;
/**
 * "Service worker status poll 30 s" (product spec §9): the events tell every change, so the poll
 * runs only while a status is on screen (the debug panels), as a check on them.
 */
const STATUS_POLL_MS = 30_000;

/** Fired on window when the worker's background sync asks open pages to replay their request queue. */
const BACKGROUND_SYNC_EVENT = 'aurora:sync-aurora-data';

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, opts: { minInterval: number }): Promise<void> };
}

let started = false;
let registered: Promise<Workbox> | null = null;
let registration: ServiceWorkerRegistration | null = null;
let reloadOnControllerChange = false;

function refreshStatus(): void {
  setPwaState({ status: statusFrom(true, registration, navigator.serviceWorker.controller) });
}

async function registerSyncs(reg: SyncCapableRegistration): Promise<void> {
  try {
    await reg.sync?.register(SYNC_TAG);
  } catch {
    // Background sync unsupported or refused: the page replays its queue on reconnect anyway.
  }
  try {
    if (!reg.periodicSync || !navigator.permissions) return;
    const perm = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (perm.state === 'granted') {
      await reg.periodicSync.register(PERIODIC_SYNC_TAG, {
        minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS,
      });
    }
  } catch {
    // Periodic sync is only offered to installed apps in Chromium; elsewhere there is nothing to do.
  }
}

async function register(): Promise<Workbox> {
  const { Workbox } = await import('workbox-window/build/workbox-window.prod.mjs');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  for (const event of ['installed', 'waiting', 'activated', 'redundant'] as const)
    workbox.addEventListener(event, refreshStatus);
  workbox.addEventListener('controlling', () => {
    refreshStatus();
    // Only a user-approved update reloads; the first install claiming the page must not.
    if (reloadOnControllerChange) window.location.reload();
  });
  // Our own timers already waited for load and the first data.
  registration = (await workbox.register({ immediate: true })) ?? null;
  if (registration) followRegistration(registration, refreshStatus);
  refreshStatus();
  return workbox;
}

/** The registration, started now if the timers have not started it yet (Check Updates may come first). */
function ensureRegistered(): Promise<Workbox> {
  registered ??= register().catch((err: unknown) => {
    registered = null; // a later Check Updates tries again
    throw err;
  });
  return registered;
}

async function registerOnLoad(): Promise<void> {
  try {
    const workbox = await ensureRegistered();
    if (registration) await registerSyncs(registration);
    // The update check on load: a new version found here shows the update banner. Not under Go
    // Offline: that means no request at all (Check Updates in the debug panel still asks).
    if (!networkStore.get().forcedOffline) await workbox.update().catch(() => undefined);
    refreshStatus();
  } catch {
    // No worker (private mode, an old browser, a broken deploy): the app still runs online.
    refreshStatus();
  }
}

export function registerServiceWorker(): void {
  document.documentElement.dataset.version = __APP_VERSION__;
  startInstallPromptCapture();
  if (started) return;
  started = true;
  if (!('serviceWorker' in navigator)) return;
  refreshStatus();

  // Listened to at once, not through the lazily loaded Workbox: a background sync may end
  // before the registration is due.
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
      () => window.setTimeout(() => void registerOnLoad(), REGISTRATION_DELAY_MS),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  // Another tab's Update Now (or the first install's claim) changes the controller.
  navigator.serviceWorker.addEventListener('controllerchange', refreshStatus);
}

const statusWatch = createStatusWatch(
  () => {
    if ('serviceWorker' in navigator) refreshStatus();
  },
  STATUS_POLL_MS,
  {
    setInterval: (fn, ms) => {
      const timer = window.setInterval(fn, ms);
      return () => window.clearInterval(timer);
    },
  },
);

/** While a service-worker status is on screen, it is also polled every 30 s; returns the stop. */
export function watchServiceWorkerStatus(): () => void {
  return statusWatch.watch();
}

/** Update Now: tell the waiting worker to take over; the page reloads when it does. */
export function applyUpdate(): boolean {
  if (!registration?.waiting || !registered) return false;
  reloadOnControllerChange = true;
  void registered.then((workbox) => workbox.messageSkipWaiting());
  return true;
}

/**
 * Asks the server for a new worker; rejects when the check itself failed (offline, server error),
 * so the caller can say so. A version found installs in the background, and the worker's events
 * bring it to the banner.
 */
export async function checkForUpdates(): Promise<void> {
  if (!('serviceWorker' in navigator)) throw new Error('Service workers are not supported');
  const workbox = await ensureRegistered();
  if (!registration) throw new Error('No service worker is registered');
  await workbox.update();
  setPwaState({ lastCheck: Date.now() });
  refreshStatus();
}
