import { authConfig } from '../auth/config.ts';
import { recordPollReport, reportApiError, setRetryHandler } from '../lib/apiErrors.ts';
import {
  networkStore,
  onRefreshRequested,
  subscribeForcedOffline,
} from '../lib/network/networkMonitor.ts';
import { setProductDemandHandler } from '../lib/productDemand.ts';
import { setCloudViewHandler } from '../lib/cloudView.ts';
import { CORE_FEEDS } from '../lib/coreFeeds.ts';
import { startWhenOnline } from './startWhenOnline.ts';
import { handFirstGrid } from '../../sync/grids/handedGrid.ts';
import { afterFirstOval, browserOvalTiming } from './afterFirstOval.ts';
import { FOLLOW_SPREAD_MS, followPageClock, nextWholeMinute, onPageClock } from '../ui/useNow.ts';
import { recordReportedCheck } from '../../sync/feeds/reportedChecks.ts';

/** A periodic refresh every 30 minutes, and whenever the tab becomes visible. */
const PERIODIC_REFRESH_MS = 30 * 60_000;
/** Flicking between tabs must not re-poll every product each time: at most once a minute. */
export const VISIBLE_REFRESH_MIN_GAP_MS = 60_000;

export function shouldRefreshOnVisible(lastRefresh: number, now: number): boolean {
  return now - lastRefresh >= VISIBLE_REFRESH_MIN_GAP_MS;
}

export interface PollFailureReport {
  resource: string;
  outcome: string;
  error: string | null;
  /** Age of the feed's stored data after the poll; null when nothing is stored. */
  dataAgeMs: number | null;
  /** The feed's max age: stored data older than this is out of date. */
  maxAgeMs: number;
}

/**
 * Which failed polls raise the global API error banner ("Failed to refresh data: {message}").
 * Only those the user would otherwise not notice and that matter on every page:
 * - not offline or in Go Offline mode (expected; the connectivity banner says so);
 * - not a secondary feed (its own screen shows the failure, see CORE_FEEDS);
 * - a core product with no usable local data: nothing stored, or what is stored is older than
 *   its max age. A core product whose stored data is still current only marks its feed (the
 *   screens show "Update failed" with the data's age) and the poller retries with back-off.
 */
export function pollFailureMessage(
  report: PollFailureReport,
  conditions: { online: boolean; forcedOffline: boolean },
): string | null {
  if (report.outcome !== 'failed' || !conditions.online || conditions.forcedOffline) return null;
  if (!CORE_FEEDS.has(report.resource)) return null;
  if (report.dataAgeMs !== null && report.dataAgeMs <= report.maxAgeMs) return null;
  return `Failed to refresh data: ${report.resource} — ${report.error ?? 'Unknown error occurred.'}`;
}

/**
 * The poller's answer to the banner's Retry: how many failures are still worth the banner. The
 * same rule as `pollFailureMessage`, so a secondary feed that keeps failing (the SDO images with
 * no internet) does not make every Retry say "Some requests still failed". Offline or in Go
 * Offline mode nothing was tried, so everything still counts as failed.
 */
export function retryFailures(
  result: { failed: number; reports: readonly PollFailureReport[] },
  conditions: { online: boolean; forcedOffline: boolean },
): number {
  if (!conditions.online || conditions.forcedOffline) return result.failed;
  return result.reports.filter((r) => pollFailureMessage(r, conditions) !== null).length;
}

let started = false;

/**
 * Starts the poller worker after the first paint (its code is its own chunk; opened offline, a few
 * seconds later or on reconnecting, see startWhenOnline.ts) and connects it to
 * the shell: Go Offline / Go Online, the error banner's Retry, the refresh on leaving offline
 * mode, and the periodic refresh.
 */
export function startDataServices(): void {
  if (started || typeof Worker === 'undefined') return;
  started = true;
  const conditions = () => ({
    online: navigator.onLine,
    forcedOffline: networkStore.get().forcedOffline,
  });
  const begin = async () => {
    const { startPoller } = await import('../../workers/client.ts');
    let followed: { tick(): void } | null = null;
    const poller = startPoller({
      backendBase: authConfig().supabaseUrl,
      subscribeForcedOffline,
      initialForcedOffline: networkStore.get().forcedOffline,
      // Only the map's first load keeps the other screens' products 30 s off the bar of signal.
      beganOffMap: location.pathname !== '/',
      onReport(report) {
        recordPollReport(report, Date.now());
        // The feed rows' check times are stored late (workers/poller/feedRows.ts); the page has them.
        recordReportedCheck(report.resource, report);
      },
      onAlarm: () => followed?.tick(),
      // On the map's route the worker hands over a first visit's oval before loading RxDB
      // (workers/poller/firstGrid.ts, src/features/map/earlyMap.ts), and loads it once the oval
      // is drawn (or the 5 s of afterFirstOval.ts have passed).
      onFirstGrid:
        location.pathname === '/'
          ? (grid) => {
              handFirstGrid(grid);
              return grid
                ? new Promise<void>((resolve) => afterFirstOval(resolve, browserOvalTiming))
                : undefined;
            }
          : undefined,
    });
    // The ages' minute rides on the worker's minute (src/ui/clock/sharedClock.ts `follow`): one
    // wake-up of the device a minute for both, not one each.
    followed = followPageClock(
      (at) => poller.wakeAt(at),
      Math.floor(Math.random() * FOLLOW_SPREAD_MS),
    );
    // Screens that show a deferred or held product ask for it (src/lib/productDemand.ts).
    setProductDemandHandler((resources) => poller.ask(resources));
    // The map's cloud layer says which region it shows (src/lib/cloudView.ts).
    setCloudViewHandler((view) => poller.setCloudView(view));
    let lastRefresh = Date.now();
    const refresh = (opts?: { everything?: boolean }) => {
      lastRefresh = Date.now();
      return poller.refreshNow(undefined, opts);
    };
    setRetryHandler(async () => ({ failed: retryFailures(await refresh(), conditions()) }));
    // Leaving offline mode refreshes every product (product spec: "Leaving offline mode triggers
    // a data refresh"), not only those the schedule would poll soon.
    onRefreshRequested(() => void refresh({ everything: true }).catch(() => undefined));
    // On the page's shared clock, on the whole minute after it is due, so it wakes the page with
    // the ages' tick instead of on a timer of its own. Hidden, it waits: becoming visible refreshes.
    onPageClock(
      () => nextWholeMinute(lastRefresh + PERIODIC_REFRESH_MS - 1),
      () => {
        if (Date.now() - lastRefresh >= PERIODIC_REFRESH_MS) void refresh().catch(() => undefined);
      },
    );
    document.addEventListener('visibilitychange', () => {
      if (
        document.visibilityState === 'visible' &&
        shouldRefreshOnVisible(lastRefresh, Date.now())
      ) {
        void refresh().catch(() => undefined);
      }
    });
  };
  // The request queue (profile writes, push subscriptions made offline): replayed on reconnect, by
  // Retry and by the service worker's background sync. Its code and the backend client load only
  // once something is queued (sync/queue/whenQueued.ts): nothing is, on a first visit.
  const queue = async () => {
    const [{ whenQueued }, { getPageDatabase }] = await Promise.all([
      import('../../sync/queue/whenQueued.ts'),
      import('../../sync/pageDatabase.ts'),
    ]);
    await whenQueued(await getPageDatabase());
    const [{ startQueueReplay }, { backendFetch }] = await Promise.all([
      import('../../sync/queue/index.ts'),
      import('../auth/supabaseClient.ts'),
    ]);
    await startQueueReplay({
      fetch: backendFetch,
      baseUrl: authConfig().supabaseUrl,
      setRetryHandler,
      // Go Offline holds the queue; Go Online sends what waited.
      paused: () => networkStore.get().forcedOffline,
      resumed: (fn) => subscribeForcedOffline((forced) => (forced ? undefined : fn())),
    });
  };
  const later = () => {
    // Nothing is queued on a first visit, and a replay can wait a few seconds: its code (the queue,
    // the backend client) loads after the first oval instead of beside it (afterFirstOval.ts).
    afterFirstOval(() => void queue().catch(() => undefined), browserOvalTiming);
    void begin().catch((error: unknown) =>
      reportApiError(
        `API initialization failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 2000 });
    else setTimeout(later, 200);
  };
  startWhenOnline(whenIdle, {
    online: navigator.onLine,
    addOnlineListener: (fn) => {
      window.addEventListener('online', fn);
      return () => window.removeEventListener('online', fn);
    },
    setTimer: (fn, ms) => {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  });
}
