import { authConfig } from '../auth/config.ts';
import { reportApiError, setRetryHandler } from '../lib/apiErrors.ts';
import { networkStore, onRefreshRequested, subscribeForcedOffline } from '../lib/network/networkMonitor.ts';

/** Spec §9: a periodic refresh every 30 minutes, and whenever the tab becomes visible. */
export const PERIODIC_REFRESH_MS = 30 * 60_000;
/** Flicking between tabs must not re-poll every product each time: at most once a minute. */
export const VISIBLE_REFRESH_MIN_GAP_MS = 60_000;

export function shouldRefreshOnVisible(lastRefresh: number, now: number): boolean {
  return now - lastRefresh >= VISIBLE_REFRESH_MIN_GAP_MS;
}

/**
 * A failed poll is worth a banner only when the network should have worked: offline (or Go
 * Offline) failures are expected, and the screens already say how old their data is.
 */
export function pollFailureMessage(
  report: { resource: string; outcome: string; error: string | null },
  conditions: { online: boolean; forcedOffline: boolean },
): string | null {
  if (report.outcome !== 'failed' || !conditions.online || conditions.forcedOffline) return null;
  return `Failed to refresh data: ${report.resource} — ${report.error ?? 'Unknown error occurred.'}`;
}

let started = false;

/**
 * Starts the poller worker after the first paint (its code is its own chunk) and connects it to
 * the shell: Go Offline / Go Online, the error banner's Retry, the refresh on leaving offline
 * mode, and the periodic refresh.
 */
export function startDataServices(): void {
  if (started || typeof Worker === 'undefined') return;
  started = true;
  const begin = async () => {
    const { startPoller } = await import('../../workers/client.ts');
    const poller = startPoller({
      backendBase: authConfig().supabaseUrl,
      subscribeForcedOffline,
      initialForcedOffline: networkStore.get().forcedOffline,
      onReport(report) {
        const message = pollFailureMessage(report, {
          online: navigator.onLine,
          forcedOffline: networkStore.get().forcedOffline,
        });
        if (message) reportApiError(message);
      },
    });
    let lastRefresh = Date.now();
    const refresh = () => {
      lastRefresh = Date.now();
      return poller.refreshNow();
    };
    setRetryHandler(refresh);
    onRefreshRequested(() => void refresh().catch(() => undefined));
    setInterval(() => void refresh().catch(() => undefined), PERIODIC_REFRESH_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && shouldRefreshOnVisible(lastRefresh, Date.now())) {
        void refresh().catch(() => undefined);
      }
    });
  };
  // The request queue (profile writes, push subscriptions made offline): replayed on reconnect, by
  // Retry and by the service worker's background sync. supabase-js loads only if something is queued.
  const queue = async () => {
    const [{ startQueueReplay }, { backendFetch }] = await Promise.all([
      import('../../sync/queue/index.ts'),
      import('../auth/supabaseClient.ts'),
    ]);
    await startQueueReplay({ fetch: backendFetch, baseUrl: authConfig().supabaseUrl, setRetryHandler });
  };
  const later = () => {
    void queue().catch(() => undefined);
    void begin().catch((error: unknown) => reportApiError(`API initialization failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 2000 });
  else setTimeout(later, 200);
}
